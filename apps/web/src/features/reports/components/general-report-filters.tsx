import { SearchOutlined } from '@ant-design/icons';
import { displayDateFormat } from '@dnx/shared';
import { Button, Card, Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker } from '../../../components/lazy-date-picker';
import { RegionSelect } from '../../../components/region-select';
import { showServerErrors } from '../../../lib/form-rules';
import { useNationalUser } from '../../../lib/current-user';
import type { ReportParams } from '../api/get-report';
import { periodFields, periodValues, type PeriodValues } from './general-report-params';
import { periodRule } from './report-filters';

export interface GeneralReportFiltersProps {
  params: ReportParams;
  /** The report's 400, its messages shown under the fields. */
  fieldError: unknown;
  running: boolean;
  onRun: (values: PeriodValues) => void;
}

/** The general report's period and (for a national user) region; another period in the address shows in it. */
export function GeneralReportFilters({ params, fieldError, running, onRun }: GeneralReportFiltersProps) {
  const { t } = useTranslation();
  const national = useNationalUser();
  const [form] = Form.useForm<PeriodValues>();

  // Another period in the address (back, forward, a link) shows in the form; the focus stays where it is.
  useEffect(() => {
    form.setFields(periodFields.map((name) => ({ name, errors: [] })));
    form.setFieldsValue(periodValues(params));
  }, [form, params]);
  useEffect(() => {
    if (fieldError) showServerErrors(form, fieldError, periodFields);
  }, [fieldError, form]);

  return (
    <Card size="small" className="no-print">
      <Form<PeriodValues>
        form={form}
        layout="inline"
        initialValues={periodValues(params)}
        onFinish={onRun}
        style={{ rowGap: 8 }}
        data-testid="general-report-filters"
      >
        <Form.Item name="date_from" label={t('reports.dateFrom')}>
          <LazyDatePicker format={displayDateFormat} data-testid="report-date-from" />
        </Form.Item>
        <Form.Item name="date_to" label={t('reports.dateTo')} dependencies={['date_from']} rules={[periodRule]}>
          <LazyDatePicker format={displayDateFormat} data-testid="report-date-to" />
        </Form.Item>
        {national && (
          <Form.Item name="region" label={t('reports.region')} style={{ minWidth: 260 }}>
            <RegionSelect placeholder={t('reports.allRegions')} />
          </Form.Item>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={running} data-testid="report-run">
            {t('reports.run')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
