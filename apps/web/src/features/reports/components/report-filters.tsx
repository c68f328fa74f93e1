import { SearchOutlined } from '@ant-design/icons';
import { apiDateFormat, displayDateFormat, reportGroupByKeys, reportGroupByLabels, reportMessages } from '@dnx/shared';
import { Button, Card, Col, Form, Row, Select } from 'antd';
import type { FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AvailableSelect } from '../../../components/available-select';
import { LazyDatePicker } from '../../../components/lazy-date-picker';
import { RegionSelect } from '../../../components/region-select';
import { PersonSelect } from '../../../components/person-select';
import type { ReportParams } from '../api/get-report';
import { reportFilterNames, writeReportParams, type ReportFilterName } from './report-params';
import { fnNoticeStatusOptions, paymentStatusOptions } from '../../../lib/status-text';

/** The validity a carrier buys, in months. */
const validityMonths = [1, 3, 6, 12] as const;

interface FilterValues {
  date_from?: Dayjs | null;
  date_to?: Dayjs | null;
  region?: number;
  operator?: number;
  transport_type?: number;
  form_status?: string;
  payment_status?: string;
  validity?: string;
  group_by?: string;
}

const day = (value: string | undefined) => (value ? dayjs(value, apiDateFormat) : null);
const id = (value: string | undefined) => (value ? Number(value) : undefined);

function toValues(params: ReportParams): FilterValues {
  return {
    date_from: day(params.date_from),
    date_to: day(params.date_to),
    region: id(params.region),
    operator: id(params.operator),
    transport_type: id(params.transport_type),
    form_status: params.form_status,
    payment_status: params.payment_status,
    validity: params.validity,
    group_by: params.group_by,
  };
}

function toParams(values: FilterValues): URLSearchParams {
  const text = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : String(v));
  const written: Partial<Record<ReportFilterName, string | undefined>> = {
    date_from: values.date_from ? values.date_from.format(apiDateFormat) : undefined,
    date_to: values.date_to ? values.date_to.format(apiDateFormat) : undefined,
    region: text(values.region),
    operator: text(values.operator),
    transport_type: text(values.transport_type),
    form_status: text(values.form_status),
    payment_status: text(values.payment_status),
    validity: text(values.validity),
    group_by: text(values.group_by),
  };
  return writeReportParams(written);
}

/** The period's end may not come before its start (the server's own message). */
export const periodRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: (_rule: unknown, value: Dayjs | null | undefined) => {
    const from = getFieldValue('date_from') as Dayjs | null | undefined;
    return from && value && value.isBefore(from, 'day')
      ? Promise.reject(new Error(reportMessages.periodInvalid))
      : Promise.resolve();
  },
});

export interface ReportFiltersProps {
  form: FormInstance<FilterValues>;
  params: ReportParams;
  /** A national user (A, B) chooses a region; a regional user's report is of their region. */
  national: boolean;
  running: boolean;
  onRun: (next: URLSearchParams) => void;
}

/**
 * The report's filters: the period (shown dd.mm.yyyy, sent yyyy-mm-dd), the region for national users, operator,
 * transport type, the forms' status, the payments' status, the validity bought and the grouping. "Göstər" writes
 * them to the address, which the report reads.
 */
export function ReportFilters({ form, params, national, running, onRun }: ReportFiltersProps) {
  const { t } = useTranslation();
  const region = Form.useWatch('region', form);
  // Another report in the address (back, forward, a link) shows its filters; the focus stays where it is.
  useEffect(() => {
    form.setFields(reportFilterNames.map((name) => ({ name, errors: [] })));
    form.setFieldsValue(toValues(params));
  }, [form, params]);
  return (
    <Card size="small" className="no-print">
      <Form<FilterValues>
        form={form}
        layout="vertical"
        initialValues={toValues(params)}
        onFinish={(values) => onRun(toParams(values))}
        onValuesChange={(changed: FilterValues) => {
          // The operators picker lists the chosen region's operators: another region empties the choice.
          if ('region' in changed) form.setFieldValue('operator', undefined);
        }}
        data-testid="report-filters"
      >
        <Row gutter={[16, 0]}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="date_from" label={t('reports.dateFrom')}>
              <LazyDatePicker format={displayDateFormat} style={{ width: '100%' }} data-testid="report-date-from" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="date_to" label={t('reports.dateTo')} dependencies={['date_from']} rules={[periodRule]}>
              <LazyDatePicker format={displayDateFormat} style={{ width: '100%' }} data-testid="report-date-to" />
            </Form.Item>
          </Col>
          {national && (
            <Col xs={24} sm={12} lg={6}>
              <Form.Item name="region" label={t('reports.region')}>
                <RegionSelect placeholder={t('reports.allRegions')} data-testid="report-region" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="operator" label={t('reports.operator')}>
              <PersonSelect
                kind="operators"
                region={region}
                placeholder={t('reports.allOperators')}
                data-testid="report-operator"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="transport_type" label={t('reports.transportType')}>
              <AvailableSelect resource="transport-types" placeholder={t('reports.allTransportTypes')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="form_status" label={t('reports.formStatus')}>
              <Select allowClear placeholder={t('reports.anyStatus')} options={fnNoticeStatusOptions(t)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="payment_status" label={t('reports.paymentStatus')}>
              <Select options={paymentStatusOptions(t)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="validity" label={t('reports.validity')}>
              <Select
                allowClear
                placeholder={t('reports.anyValidity')}
                options={validityMonths.map((m) => ({ value: String(m), label: t('reports.months', { count: m }) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="group_by" label={t('reports.groupBy')}>
              <Select
                options={reportGroupByKeys.map((key) => ({ value: key, label: reportGroupByLabels[key] }))}
                data-testid="report-group-by"
              />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={running} data-testid="report-run">
          {t('reports.run')}
        </Button>
      </Form>
    </Card>
  );
}

export const reportFormFields: readonly string[] = reportFilterNames;
export type { FilterValues as ReportFilterValues };
