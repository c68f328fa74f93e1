import { ReloadOutlined } from '@ant-design/icons';
import { hasPermissions } from '@dnx/shared';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ExportButton } from '../../../components/resource-list';
import { useAccessibleDom } from '../../../lib/accessible-dom';
import { failureMessage } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/current-user';
import { useReconciliation, type ReconciliationFilters } from '../api/reconciliation';
import { MoneyReconciliation } from '../components/money-reconciliation';
import { ReconciliationFilterBar } from '../components/reconciliation-filters';
import { ReconciliationReport } from '../components/reconciliation-report';

/**
 * The table scrolls sideways on narrow screens; it has no control of its own, so its scrolling part takes the
 * focus itself for keyboard users (axe `scrollable-region-focusable`), named as the reconciliation.
 */
function focusableScroll(root: HTMLElement): void {
  root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body').forEach((region) => {
    if (region.getAttribute('tabindex') !== '0') region.setAttribute('tabindex', '0');
    if (!region.hasAttribute('role')) region.setAttribute('role', 'region');
    const name = root.dataset.regionName ?? '';
    if (region.getAttribute('aria-label') !== name) region.setAttribute('aria-label', name);
  });
}

/**
 * `fn-reconciliation`: the reconciliation of the forms (a report beside the report form): per series and operator
 * what was issued and where each number stands, whether they add up, and what needs a look. Filters in the URL.
 */
export default function ReconciliationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const series = params.get('series') ?? undefined;
  const region = params.get('region') ?? undefined;
  const operator = params.get('operator') ?? undefined;
  const transportType = params.get('transport_type') ?? undefined;
  const filters: ReconciliationFilters = { series, region, operator, transport_type: transportType };
  const report = useReconciliation(filters);
  const tableRoot = useAccessibleDom<HTMLDivElement>(focusableScroll);
  // The money side (issue 48) for those who read the bank statements: the central office and the administrators.
  const seesMoney = hasPermissions(useCurrentUser()?.permissions ?? [], ['view_bankstatement']);

  const setFilter = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const data = report.data;
  // The server writes what the table shows, its totals row last, for the same filters.
  const exportRequest = () => ({
    path: '/api/fn/reconciliation/export/',
    query: Object.fromEntries(
      Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    title: t('fn.reconciliation'),
  });

  return (
    // The patch watches the whole screen, which is there from the first render (the table comes later).
    <div data-testid="fn-reconciliation-page" ref={tableRoot} data-region-name={t('fn.reconciliation')}>
      <PageHeader
        title={t('fn.reconciliation')}
        extra={
          <Space wrap>
            <ExportButton request={exportRequest} disabled={!data} />
            <Button icon={<ReloadOutlined />} onClick={() => void report.refetch()} loading={report.isFetching}>
              {t('fn.recheck')}
            </Button>
          </Space>
        }
      />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <ReconciliationFilterBar filters={filters} setFilter={setFilter} />
        {report.isError && <Alert type="error" showIcon message={failureMessage(report.error)} />}
        {data && <ReconciliationReport data={data} loading={report.isFetching} />}
        {seesMoney && <MoneyReconciliation region={region} />}
      </Space>
    </div>
  );
}
