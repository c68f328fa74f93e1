import { ReloadOutlined } from '@ant-design/icons';
import { fnReconciliationCountKeys, formatDateTime, hasPermissions, type FnReconciliation } from '@dnx/shared';
import { Alert, Button, Card, Col, Flex, Row, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { AvailableSelect } from '../../../components/available-select';
import { RegionSelect } from '../../../components/region-select';
import { ExportButton, SearchBox } from '../../../components/resource-list';
import { useAccessibleDom } from '../../../lib/accessible-dom';
import { failureMessage } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/current-user';
import { useReconciliation, type ReconciliationFilters } from '../api/reconciliation';
import { MoneyReconciliation } from '../components/money-reconciliation';
import { PersonSelect } from '../components/person-select';

type ReconciliationRow = FnReconciliation['rows'][number];
const countKeys = fnReconciliationCountKeys;

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

  const columns: ColumnsType<ReconciliationRow> = [
    { key: 'series', title: t('fn.series'), dataIndex: 'series' },
    { key: 'operator', title: t('fn.operator'), dataIndex: 'operator_name' },
    { key: 'region', title: t('fn.region'), dataIndex: 'region_name' },
    ...countKeys.map((key) => ({
      key,
      title: t(`fn.counts.${key}`),
      dataIndex: key,
      align: 'right' as const,
    })),
    {
      key: 'balanced',
      title: t('fn.balanced'),
      render: (_: unknown, row: ReconciliationRow) =>
        row.balanced ? <Tag color="green">{t('list.yes')}</Tag> : <Tag color="red">{t('list.no')}</Tag>,
    },
  ];
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
        <Card size="small">
          <Row gutter={[16, 8]}>
            <Col xs={24} sm={12} md={6}>
              <SearchBox
                value={series ?? ''}
                onSearch={(text) => setFilter('series', text ? text.toUpperCase() : undefined)}
                placeholder={t('fn.series')}
                width="100%"
                data-testid="filter-input-series"
              />
            </Col>
            <Col xs={24} sm={12} md={6}>
              <RegionSelect
                value={region}
                onChange={(v) => setFilter('region', v === undefined ? undefined : String(v))}
                placeholder={t('fn.region')}
                aria-label={t('fn.region')}
              />
            </Col>
            <Col xs={24} sm={12} md={6}>
              <PersonSelect
                kind="operators"
                region={region === undefined ? undefined : Number(region)}
                value={operator}
                onChange={(v) => setFilter('operator', v === undefined ? undefined : String(v))}
                placeholder={t('fn.operator')}
                data-testid="filter-operator"
              />
            </Col>
            <Col xs={24} sm={12} md={6}>
              <AvailableSelect
                resource="transport-types"
                value={transportType}
                onChange={(v) => setFilter('transport_type', v === undefined ? undefined : String(v))}
                placeholder={t('fn.transportType')}
                aria-label={t('fn.transportType')}
                data-testid="filter-transport-type"
              />
            </Col>
          </Row>
        </Card>
        {report.isError && <Alert type="error" showIcon message={failureMessage(report.error)} />}
        {data && (
          <>
            <Alert
              type={data.consistent ? 'success' : 'warning'}
              showIcon
              data-testid="fn-reconciliation-summary"
              message={data.summary}
              description={`${t('fn.checkedAt')}: ${formatDateTime(data.checked_at)}`}
            />
            <Table<ReconciliationRow>
              data-testid="fn-reconciliation-table"
              size="small"
              rowKey={(r) => `${r.series}:${r.operator}:${r.region}`}
              columns={columns}
              dataSource={data.rows}
              loading={report.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3}>
                    <Typography.Text strong>{t('fn.totals')}</Typography.Text>
                  </Table.Summary.Cell>
                  {countKeys.map((key, i) => (
                    <Table.Summary.Cell key={key} index={i + 3} align="right">
                      <Typography.Text strong>{data.totals[key]}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={countKeys.length + 3}>
                    {data.totals.balanced ? t('list.yes') : t('list.no')}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
            <Flex gap={16} wrap>
              <Card size="small" title={t('fn.activeOver90')} style={{ flex: '1 1 320px' }}>
                {data.anomalies.active_over_90_days.length === 0
                  ? t('fn.none')
                  : data.anomalies.active_over_90_days.map((a) => (
                      <div key={a.batch}>
                        №{a.batch} {a.series}: {t('fn.formsCount', { count: a.forms })}, {formatDateTime(a.since)}
                      </div>
                    ))}
              </Card>
              <Card size="small" title={t('fn.notAcceptedOver30')} style={{ flex: '1 1 320px' }}>
                {data.anomalies.not_accepted_over_30_days.length === 0
                  ? t('fn.none')
                  : data.anomalies.not_accepted_over_30_days.map((a) => (
                      <div key={a.batch}>
                        №{a.batch} {a.series}, {formatDateTime(a.created_at)}
                      </div>
                    ))}
              </Card>
            </Flex>
          </>
        )}
        {seesMoney && <MoneyReconciliation region={region} />}
      </Space>
    </div>
  );
}
