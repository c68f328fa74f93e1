import { fnReconciliationCountKeys, formatDateTime, type FnReconciliation } from '@dnx/shared';
import { Alert, Card, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

type ReconciliationRow = FnReconciliation['rows'][number];
const countKeys = fnReconciliationCountKeys;

/**
 * The reconciliation read: whether it adds up, per series and operator what was issued and where each number
 * stands (with the totals row), and what needs a look.
 */
export function ReconciliationReport({ data, loading }: { data: FnReconciliation; loading: boolean }) {
  const { t } = useTranslation();
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

  return (
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
        loading={loading}
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
  );
}
