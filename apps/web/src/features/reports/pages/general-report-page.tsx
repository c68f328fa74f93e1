import { hashKey } from '@tanstack/react-query';
import { SearchOutlined } from '@ant-design/icons';
import { apiDateFormat, displayDateFormat, reportFormFigureKeys, reportMoneyKeys } from '@dnx/shared';
import { Alert, Button, Card, Col, DatePicker, Form, Row, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PrintButton, PrintHeader } from '../../../components/print/print-view';
import { RegionSelect } from '../../../components/region-select';
import { ApiError } from '../../../lib/api-client';
import { showServerErrors } from '../../../lib/form-rules';
import { failureMessage } from '../../../lib/notify';
import { useCurrentUser, useNationalUser } from '../../../lib/current-user';
import { useGeneralReport } from '../api/get-general-report';
import type { ReportParams } from '../api/get-report';
import { FigureChart } from '../components/figure-chart';
import { chartData } from '../components/figures';
import { FiguresTable } from '../components/figures-table';
import { periodRule } from '../components/report-filters';
import { thisYear } from '../components/report-params';
import { ReportPeriod } from '../components/report-period';

interface PeriodValues {
  date_from?: Dayjs | null;
  date_to?: Dayjs | null;
  region?: number;
}

const fields = ['date_from', 'date_to', 'region'] as const;

/** The period the address names; none: this year so far. An empty end written in the address is "up to today". */
function readParams(search: URLSearchParams): ReportParams {
  const { first, today } = thisYear();
  const params: ReportParams = {};
  for (const name of fields) {
    const value = search.get(name);
    if (value) params[name] = value;
  }
  if (!search.has('date_from')) params.date_from = first;
  if (!search.has('date_to')) params.date_to = today;
  return params;
}

const periodValues = (params: ReportParams): PeriodValues => ({
  date_from: params.date_from ? dayjs(params.date_from, apiDateFormat) : null,
  date_to: params.date_to ? dayjs(params.date_to, apiDateFormat) : null,
  region: params.region ? Number(params.region) : undefined,
});

/**
 * `general-report`: the country (a national user may choose one region) over a period, this year by default:
 * region by transport type, per region, per transport type, and the movement month by month as a chart and a table.
 */
export default function GeneralReportPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readParams(search), [search]);
  const national = useNationalUser();
  const me = useCurrentUser();
  const report = useGeneralReport(params);
  const [form] = Form.useForm<PeriodValues>();
  const data = report.data;
  const error = report.error;
  const fieldErrors = error instanceof ApiError && error.status === 400;

  // Another period in the address (back, forward, a link) shows in the form; the focus stays where it is.
  useEffect(() => {
    form.setFields(fields.map((name) => ({ name, errors: [] })));
    form.setFieldsValue(periodValues(params));
  }, [form, params]);
  useEffect(() => {
    if (fieldErrors) showServerErrors(form, error, fields);
  }, [error, fieldErrors, form]);

  const run = (values: PeriodValues) => {
    const next = new URLSearchParams();
    next.set('date_from', values.date_from ? values.date_from.format(apiDateFormat) : '');
    next.set('date_to', values.date_to ? values.date_to.format(apiDateFormat) : '');
    if (values.region) next.set('region', String(values.region));
    // The same report asked again is read again, also when the address names it differently (a default written out).
    if (hashKey([readParams(next)]) === hashKey([params])) void report.refetch();
    if (next.toString() !== search.toString()) setSearch(next);
  };

  const cellRows = useMemo(
    () =>
      (data?.cells ?? []).map((cell) => ({
        ...cell,
        rowKey: `${cell.region}:${cell.transport_type}`,
        names: [cell.region_name, cell.transport_type_name],
      })),
    [data?.cells],
  );
  const named = <R extends { key: string; label: string }>(rows: readonly R[] | undefined) =>
    (rows ?? []).map((row) => ({ ...row, rowKey: row.key, names: [row.label] }));
  const months = useMemo(() => chartData(data?.months ?? []), [data?.months]);
  const totalsLabel = t('reports.totals');

  return (
    <div data-testid="general-report-page">
      <PrintHeader title={t('routes.general-report')} user={me} />
      <PageHeader title={t('routes.general-report')} extra={<PrintButton disabled={!data} />} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small" className="no-print">
          <Form<PeriodValues>
            form={form}
            layout="inline"
            initialValues={periodValues(params)}
            onFinish={run}
            style={{ rowGap: 8 }}
            data-testid="general-report-filters"
          >
            <Form.Item name="date_from" label={t('reports.dateFrom')}>
              <DatePicker format={displayDateFormat} data-testid="report-date-from" />
            </Form.Item>
            <Form.Item name="date_to" label={t('reports.dateTo')} dependencies={['date_from']} rules={[periodRule]}>
              <DatePicker format={displayDateFormat} data-testid="report-date-to" />
            </Form.Item>
            {national && (
              <Form.Item name="region" label={t('reports.region')} style={{ minWidth: 260 }}>
                <RegionSelect placeholder={t('reports.allRegions')} />
              </Form.Item>
            )}
            <Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SearchOutlined />}
                loading={report.isFetching}
                data-testid="report-run"
              >
                {t('reports.run')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
        {error && (
          <Alert
            type="error"
            showIcon
            message={fieldErrors ? t('reports.fixFilters') : failureMessage(error)}
            data-testid="report-error"
          />
        )}
        {data && (
          <>
            <ReportPeriod report={data} />
            <FiguresTable
              caption={t('reports.byCell')}
              nameHeaders={[t('reports.region'), t('reports.transportType')]}
              rows={cellRows}
              totals={data.totals}
              totalsLabel={totalsLabel}
              emptyText={t('reports.empty')}
              loading={report.isFetching}
              data-testid="general-report-cells"
            />
            <Row gutter={[16, 16]}>
              <Col xs={24} xxl={12}>
                <FiguresTable
                  caption={t('reports.byRegion')}
                  nameHeaders={[t('reports.region')]}
                  rows={named(data.regions)}
                  totals={data.totals}
                  totalsLabel={totalsLabel}
                  emptyText={t('reports.empty')}
                  loading={report.isFetching}
                  data-testid="general-report-regions"
                />
              </Col>
              <Col xs={24} xxl={12}>
                <FiguresTable
                  caption={t('reports.byTransportType')}
                  nameHeaders={[t('reports.transportType')]}
                  rows={named(data.transport_types)}
                  totals={data.totals}
                  totalsLabel={totalsLabel}
                  emptyText={t('reports.empty')}
                  loading={report.isFetching}
                  data-testid="general-report-transport-types"
                />
              </Col>
            </Row>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <FigureChart
                  kind="line"
                  title={t('reports.monthsChart')}
                  description={t('reports.monthsChartText')}
                  data={months}
                  figures={reportFormFigureKeys}
                  data-testid="general-report-months-chart"
                />
              </Col>
              <Col xs={24} xl={12}>
                <FigureChart
                  title={t('reports.monthsMoneyChart')}
                  description={t('reports.monthsMoneyChartText')}
                  data={months}
                  figures={reportMoneyKeys}
                  money
                  data-testid="general-report-months-money-chart"
                />
              </Col>
            </Row>
            <FiguresTable
              caption={t('reports.byMonth')}
              nameHeaders={[t('reports.month')]}
              rows={named(data.months)}
              totals={data.totals}
              totalsLabel={totalsLabel}
              emptyText={t('reports.empty')}
              loading={report.isFetching}
              data-testid="general-report-months"
            />
          </>
        )}
      </Space>
    </div>
  );
}
