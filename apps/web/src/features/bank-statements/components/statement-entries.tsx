import {
  bankLinkRules,
  bankMatchStates,
  formatCount,
  formatDate,
  formatMoney,
  type BankEntry,
  type BankLinkRule,
  type BankMatchState,
} from '@dnx/shared';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/resource-list';
import { useEntries, useStatement, type EntryFilters } from '../api/bank-statements';
import { BulkConfirm } from './bulk-confirm';
import { resolvable, stateColor } from './resolution';
import { cut, StateTag, type Opened } from './cells';

/** The receipts a credit pays, or the payment it claims. */
const paymentsOf = (e: BankEntry) =>
  e.links.length > 0 ? e.links.map((l) => l.receipt_number).join(', ') : (e.payment_id?.toString() ?? '—');

/** The entries' filters: by match state and by why they are linked. */
function EntryFilterBar({ filters, onChange }: { filters: EntryFilters; onChange: (filters: EntryFilters) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Select<BankMatchState | 'all'>
        aria-label={t('bankStatements.state')}
        style={{ minWidth: 200 }}
        value={filters.match_state ?? 'all'}
        onChange={(value) => onChange({ ...filters, match_state: value === 'all' ? undefined : value })}
        options={[
          { value: 'all', label: t('bankStatements.allStates') },
          ...bankMatchStates.map((s) => ({ value: s, label: t(`bankStatements.states.${s}`) })),
        ]}
        data-testid="bank-entries-state"
      />
      <Select<BankLinkRule | 'all'>
        aria-label={t('bankStatements.rule')}
        style={{ minWidth: 200 }}
        value={filters.rule ?? 'all'}
        onChange={(value) => onChange({ ...filters, rule: value === 'all' ? undefined : value })}
        options={[
          { value: 'all', label: `${t('bankStatements.rule')}: ${t('bankStatements.allStates')}` },
          ...bankLinkRules.map((r) => ({ value: r, label: t(`bankStatements.rules.${r}`) })),
        ]}
        data-testid="bank-entries-rule"
      />
    </>
  );
}

/**
 * A statement's entries, filtered by match state and link rule; a credit opens in the reconciliation panel. The
 * statement is read again after every resolution, so its counts stay current.
 */
export function StatementEntries({ statementId, onOpen }: { statementId: number; onOpen: (open: Opened) => void }) {
  const { t } = useTranslation();
  const statement = useStatement(statementId);
  const [filters, setFilters] = useState<EntryFilters>({});
  const [page, setPage] = useState(1);
  const entries = useEntries(statementId, filters, page);
  const rows = entries.data?.results ?? [];
  const queue = rows.filter((e) => resolvable(e.match_state)).map((e) => e.id);
  const s = statement.data;
  const open = (e: BankEntry) => e.direction === 'credit' && onOpen({ id: e.id, queue });
  return (
    <Card title={`${t('bankStatements.entries')}: ${s?.file_name ?? ''}`} data-testid="bank-entries">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap data-testid="bank-entry-counts">
          {s &&
            bankMatchStates.map((state) => (
              <Tag key={state} color={stateColor[state]}>
                {t(`bankStatements.states.${state}`)}: {formatCount(s.states[state])}
              </Tag>
            ))}
        </Space>
        <Space wrap>
          <EntryFilterBar
            filters={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
          <BulkConfirm statementId={statementId} disabled={!s || s.states.no_payment + s.states.amount_differs === 0} />
          {/* The server writes every entry the filters select, in the statement's order. */}
          <ExportButton
            request={() => ({
              path: `/api/bank-statements/${statementId}/entries/export/`,
              query: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)),
              title: `${t('bankStatements.entries')} ${s?.number ?? ''}`,
            })}
            disabled={!entries.data?.count}
          />
        </Space>
        <Table<BankEntry>
          rowKey="id"
          size="small"
          tableLayout="fixed"
          loading={entries.isFetching}
          dataSource={rows}
          pagination={{ current: page, pageSize: 20, total: entries.data?.count ?? 0, onChange: setPage }}
          onRow={(e) => ({ onDoubleClick: () => open(e) })}
          columns={[
            { key: 'position', title: '#', dataIndex: 'position', width: 56 },
            { key: 'date', title: t('bankStatements.date'), width: 104, render: (_, e) => formatDate(e.booking_date) },
            {
              key: 'amount',
              title: t('bankStatements.amount'),
              align: 'right',
              width: 120,
              render: (_, e) => `${e.direction === 'debit' ? '-' : ''}${formatMoney(e.amount)}`,
            },
            {
              key: 'reference',
              title: t('bankStatements.reference'),
              render: (_, e) => cut(e.texts.map((x) => x.text).join(' · ') || e.reference),
            },
            {
              key: 'payer',
              title: t('bankStatements.payer'),
              render: (_, e) => cut(`${e.payer_name} ${e.payer_code}`.trim()),
            },
            {
              key: 'payment',
              title: t('bankStatements.payment'),
              width: 140,
              render: (_, e) => (
                <>
                  {cut(paymentsOf(e))}
                  {e.links.length > 0 && (
                    <Typography.Text type="secondary" className="bank-cell-text" data-testid="bank-entry-rule">
                      {[...new Set(e.links.map((l) => t(`bankStatements.rules.${l.rule}`)))].join(', ')}
                      {e.links.some((l) => !l.whole) ? ` · ${t('bankStatements.part')}` : ''}
                    </Typography.Text>
                  )}
                </>
              ),
            },
            {
              key: 'state',
              title: t('bankStatements.state'),
              width: 150,
              render: (_, e) => <StateTag state={e.match_state} acceptedDifference={e.accepted_difference} />,
            },
            {
              key: 'actions',
              title: t('list.actions'),
              width: 96,
              render: (_, e) =>
                e.direction === 'credit' && (
                  <Button size="small" onClick={() => open(e)} data-testid="bank-entry-open">
                    {t(resolvable(e.match_state) ? 'bankStatements.resolve' : 'bankStatements.open')}
                  </Button>
                ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
