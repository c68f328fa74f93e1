import { hashKey } from '@tanstack/react-query';
import { Alert, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PrintButton, PrintHeader } from '../../../components/print/print-view';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/current-user';
import { useGeneralReport } from '../api/get-general-report';
import { GeneralReportFigures } from '../components/general-report-figures';
import { GeneralReportFilters } from '../components/general-report-filters';
import { periodSearch, readGeneralParams, type PeriodValues } from '../components/general-report-params';

/**
 * `general-report`: the country (a national user may choose one region) over a period, this year by default:
 * region by transport type, per region, per transport type, and the movement month by month as a chart and a table.
 */
export default function GeneralReportPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readGeneralParams(search), [search]);
  const me = useCurrentUser();
  const report = useGeneralReport(params);
  const data = report.data;
  const error = report.error;
  const fieldErrors = error instanceof ApiError && error.status === 400;

  const run = (values: PeriodValues) => {
    const next = periodSearch(values);
    // The same report asked again is read again, also when the address names it differently (a default written out).
    if (hashKey([readGeneralParams(next)]) === hashKey([params])) void report.refetch();
    if (next.toString() !== search.toString()) setSearch(next);
  };

  return (
    <div data-testid="general-report-page">
      <PrintHeader title={t('routes.general-report')} user={me} />
      <PageHeader title={t('routes.general-report')} extra={<PrintButton disabled={!data} />} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <GeneralReportFilters
          params={params}
          fieldError={fieldErrors ? error : null}
          running={report.isFetching}
          onRun={run}
        />
        {error && (
          <Alert
            type="error"
            showIcon
            message={fieldErrors ? t('reports.fixFilters') : failureMessage(error)}
            data-testid="report-error"
          />
        )}
        {data && <GeneralReportFigures data={data} loading={report.isFetching} />}
      </Space>
    </div>
  );
}
