import { hashKey } from '@tanstack/react-query';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Space } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PrintButton, PrintHeader } from '../../../components/print/print-view';
import { ApiError } from '../../../lib/api-client';
import { showServerErrors } from '../../../lib/form-rules';
import { failureMessage } from '../../../lib/notify';
import { useCurrentUser, useNationalUser } from '../../../lib/current-user';
import { useReport } from '../api/get-report';
import { ExportButtons } from '../components/export-buttons';
import { readReportParams, writeReportParams } from '../components/report-params';
import { ReportFormFigures } from '../components/report-form-figures';
import { ReportSubscriptions, SubscribeButton } from '../components/report-subscriptions';
import { ReportFilters, reportFormFields, type ReportFilterValues } from '../components/report-filters';

/**
 * `report-form`: the forms' and payments' figures of a period per region, operator, transport type or month, with
 * the filters in the address (a report can be linked), the table with its totals, two charts beside it and the
 * report as an Excel or PDF file streamed from the server.
 */
export default function ReportFormPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readReportParams(search), [search]);
  const national = useNationalUser();
  const me = useCurrentUser();
  const report = useReport(params);
  const [form] = Form.useForm<ReportFilterValues>();
  const data = report.data;
  const error = report.error;
  const fieldErrors = error instanceof ApiError && error.status === 400;

  // A filter the server refused (400 `{field: [message]}`) shows under its field.
  useEffect(() => {
    if (fieldErrors) showServerErrors(form, error, reportFormFields);
  }, [error, fieldErrors, form]);

  // The same report asked again is read again, also when the address names it differently (a default written out).
  const run = (next: URLSearchParams) => {
    if (hashKey([readReportParams(next)]) === hashKey([params])) void report.refetch();
    if (next.toString() !== search.toString()) setSearch(next);
  };

  return (
    <div data-testid="report-form-page">
      <PrintHeader title={t('routes.report-form')} user={me} />
      <PageHeader
        title={t('routes.report-form')}
        extra={
          <Space wrap align="start">
            <PrintButton disabled={!data} />
            <SubscribeButton params={params} disabled={!data} />
            <ExportButtons params={params} disabled={!data} />
          </Space>
        }
      />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <ReportFilters form={form} params={params} national={national} running={report.isFetching} onRun={run} />
        {error && (
          <Alert
            type="error"
            showIcon
            message={fieldErrors ? t('reports.fixFilters') : failureMessage(error)}
            action={
              fieldErrors ? undefined : (
                <Button size="small" icon={<ReloadOutlined />} onClick={() => void report.refetch()}>
                  {t('list.retry')}
                </Button>
              )
            }
            data-testid="report-error"
          />
        )}
        {data && <ReportFormFigures data={data} loading={report.isFetching} />}
        <ReportSubscriptions
          onOpen={(filters) =>
            setSearch(writeReportParams({ date_from: params.date_from, date_to: params.date_to, ...filters }))
          }
        />
      </Space>
    </div>
  );
}
