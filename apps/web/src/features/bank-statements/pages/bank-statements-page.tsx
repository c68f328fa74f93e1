import { UploadOutlined } from '@ant-design/icons';
import {
  bankDifferenceKinds,
  bankLinkRules,
  bankMatchStates,
  bankStatementMaxBytes,
  bankStatementMessages,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  type BankDifference,
  type BankDifferenceKind,
  type BankEntry,
  type BankLinkRule,
  type BankMatchState,
  type BankStatement,
} from '@dnx/shared';
import { Alert, Button, Card, Form, Select, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ExportButton } from '../../../components/resource-list';
import {
  useDifferences,
  useEntries,
  useStatement,
  useStatements,
  useUploadStatement,
  type EntryFilters,
} from '../api/bank-statements';
import { BulkConfirm } from '../components/bulk-confirm';
import { DemoFiles } from '../components/demo-files';
import { resolvable, serverReason, stateColor } from '../components/resolution';
import '../components/reconciliation.css';
import '../texts';

function StateTag({
  state,
  acceptedDifference = null,
}: {
  state: BankMatchState | BankDifferenceKind | null;
  acceptedDifference?: string | null;
}) {
  const { t } = useTranslation();
  if (!state) return <Tag>{t('bankStatements.debit')}</Tag>;
  return (
    <>
      <Tag color={stateColor[state]}>{t(`bankStatements.states.${state}`)}</Tag>
      {acceptedDifference !== null && (
        <Tag color="gold" data-testid="bank-accepted-difference">
          {t('bankStatements.differenceAccepted', { amount: formatMoney(acceptedDifference) })}
        </Tag>
      )}
    </>
  );
}

/** The statements' columns, fitting 1280 px: a file with its account and number, the money, its balances. */
function statementColumns(t: TFunction, onOpen: (id: number) => void): TableColumnsType<BankStatement> {
  const lines = (first: string, second: string) => (
    <>
      {cut(first)}
      <Typography.Text type="secondary" className="bank-cell-text" title={second}>
        {second}
      </Typography.Text>
    </>
  );
  return [
    { key: 'at', title: t('bankStatements.when'), width: 140, render: (_, s) => formatDateTime(s.created_at) },
    {
      key: 'file',
      title: `${t('bankStatements.file')} · ${t('bankStatements.account')} · ${t('bankStatements.number')}`,
      render: (_, s) => lines(s.file_name, `${s.account} · ${s.number}`),
    },
    {
      key: 'period',
      title: t('bankStatements.period'),
      width: 185,
      render: (_, s) => `${formatDate(s.from_date)} – ${formatDate(s.to_date)}`,
    },
    {
      key: 'credits',
      title: t('bankStatements.credits'),
      align: 'right',
      width: 115,
      render: (_, s) => formatMoney(s.credits_total),
    },
    {
      key: 'debits',
      title: t('bankStatements.debits'),
      align: 'right',
      width: 115,
      render: (_, s) => formatMoney(s.debits_total),
    },
    {
      key: 'balances',
      title: `${t('bankStatements.opening')} / ${t('bankStatements.closing')}`,
      align: 'right',
      width: 125,
      render: (_, s) => lines(formatMoney(s.opening_balance), formatMoney(s.closing_balance)),
    },
    {
      key: 'open',
      title: t('list.actions'),
      width: 72,
      render: (_, s) => (
        <Button size="small" onClick={() => onOpen(s.id)} aria-label={`${t('bankStatements.open')}: ${s.file_name}`}>
          {t('bankStatements.open')}
        </Button>
      ),
    },
  ];
}

// The reconciliation panel loads when a credit is first opened: the first screen carries only the lists.
const CreditDrawer = lazy(() => import('../components/credit-panel').then((m) => ({ default: m.CreditDrawer })));

/** The credit open in the reconciliation panel, and the open credits of the list it came from (N and P). */
interface Opened {
  id: number;
  queue: readonly number[];
}

/** A cell of text cut to its column (the whole text in its title and in the panel). */
const cut = (text: string) => (
  <span className="bank-cell-text" title={text}>
    {text || '—'}
  </span>
);

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
function StatementEntries({ statementId, onOpen }: { statementId: number; onOpen: (open: Opened) => void }) {
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

/** The open differences across statements, by kind. */
function Differences({ onOpen }: { onOpen: (open: Opened) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<BankDifferenceKind | undefined>();
  const [page, setPage] = useState(1);
  const differences = useDifferences(kind, page);
  const queue = (differences.data?.results ?? []).flatMap((d) =>
    d.entry_id !== null && resolvable(d.kind) ? [d.entry_id] : [],
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select<BankDifferenceKind | 'all'>
          aria-label={t('bankStatements.kind')}
          style={{ minWidth: 220 }}
          value={kind ?? 'all'}
          onChange={(value) => {
            setKind(value === 'all' ? undefined : value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('bankStatements.allStates') },
            ...bankDifferenceKinds.map((k) => ({ value: k, label: t(`bankStatements.states.${k}`) })),
          ]}
          data-testid="bank-differences-kind"
        />
        <ExportButton
          request={() => ({
            path: '/api/bank-statements/differences/export/',
            query: Object.fromEntries(kind ? [['kind', kind]] : []),
            title: t('bankStatements.differences'),
          })}
          disabled={!differences.data?.count}
        />
      </Space>
      <Table<BankDifference>
        rowKey={(d) => `${d.kind}-${d.entry_id ?? ''}-${d.payment_id ?? ''}`}
        size="small"
        loading={differences.isFetching}
        dataSource={differences.data?.results ?? []}
        data-testid="bank-differences"
        pagination={{ current: page, pageSize: 20, total: differences.data?.count ?? 0, onChange: setPage }}
        tableLayout="fixed"
        columns={[
          { key: 'kind', title: t('bankStatements.kind'), width: 160, render: (_, d) => <StateTag state={d.kind} /> },
          { key: 'day', title: t('bankStatements.date'), width: 104, render: (_, d) => formatDate(d.day) },
          {
            key: 'amount',
            title: t('bankStatements.amount'),
            align: 'right',
            width: 120,
            render: (_, d) => formatMoney(d.amount),
          },
          { key: 'reference', title: t('bankStatements.reference'), render: (_, d) => cut(d.reference) },
          {
            key: 'payer',
            title: t('bankStatements.payer'),
            render: (_, d) => cut(`${d.payer_name} ${d.payer_code}`.trim()),
          },
          { key: 'payment', title: t('bankStatements.payment'), width: 100, render: (_, d) => d.payment_id ?? '—' },
          {
            key: 'actions',
            title: t('list.actions'),
            width: 96,
            render: (_, d) =>
              d.entry_id !== null &&
              resolvable(d.kind) && (
                <Button size="small" onClick={() => onOpen({ id: d.entry_id!, queue })}>
                  {t('bankStatements.resolve')}
                </Button>
              ),
          },
        ]}
      />
    </Space>
  );
}

/**
 * `bank-statements` (issue 48): the administrators and the central office upload the bank's statement (camt.053,
 * MT940 or the CSV), see the statements with their credits by match state, a statement's entries filtered by state,
 * the open differences across statements, and resolve a credit left open.
 */
export default function BankStatementsPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<{ type: 'error' | 'success' | 'info'; text: string } | null>(null);
  // The statement open below (its id: the statement itself is read again, so its counts stay current) and the credit
  // open in the reconciliation panel.
  const [current, setCurrent] = useState<number | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [page, setPage] = useState(1);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadStatement();
  const statements = useStatements(page);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setMessage(
      chosen && chosen.size > bankStatementMaxBytes
        ? { type: 'error', text: bankStatementMessages.fileTooLarge }
        : null,
    );
  };
  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        setCurrent(result.statement.id);
        setMessage({
          type: result.already_imported ? 'info' : 'success',
          text: t(result.already_imported ? 'bankStatements.alreadyImported' : 'bankStatements.imported'),
        });
        setFile(null);
        if (input.current) input.current.value = '';
      },
      // The server's own reason ("Çıxarışın hesabı tutmur …"), not the generic failure.
      onError: (error) => setMessage({ type: 'error', text: serverReason(error) }),
    });
  };

  return (
    <div data-testid="bank-statements-page">
      <PageHeader title={t('routes.bank-statements')} />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('bankStatements.uploadTitle')}>
          <Typography.Paragraph type="secondary">{t('bankStatements.uploadHelp')}</Typography.Paragraph>
          <Form layout="vertical" onFinish={send} style={{ maxWidth: 560 }}>
            <Form.Item label={t('bankStatements.file')} htmlFor="bank-statement-file" required>
              <input
                ref={input}
                id="bank-statement-file"
                type="file"
                accept=".xml,.txt,.sta,.mt940,.csv,text/xml,text/plain,text/csv"
                onChange={(event) => choose(event.target.files?.[0] ?? null)}
                data-testid="bank-statement-file"
              />
            </Form.Item>
            <Space wrap>
              <Button
                type="primary"
                htmlType="submit"
                icon={<UploadOutlined />}
                disabled={!file || message?.type === 'error'}
                loading={upload.isPending}
                data-testid="bank-statement-upload"
              >
                {t('bankStatements.upload')}
              </Button>
              <DemoFiles />
            </Space>
          </Form>
          {message && (
            <Alert
              type={message.type}
              showIcon
              message={message.text}
              style={{ marginTop: 16 }}
              data-testid="bank-statement-message"
            />
          )}
        </Card>
        <Tabs
          items={[
            {
              key: 'statements',
              label: t('bankStatements.statements'),
              children: (
                <Table<BankStatement>
                  rowKey="id"
                  size="small"
                  loading={statements.isFetching}
                  dataSource={statements.data?.results ?? []}
                  data-testid="bank-statements"
                  pagination={{ current: page, pageSize: 10, total: statements.data?.count ?? 0, onChange: setPage }}
                  tableLayout="fixed"
                  columns={statementColumns(t, setCurrent)}
                />
              ),
            },
            {
              key: 'differences',
              label: t('bankStatements.differences'),
              children: <Differences onOpen={setOpened} />,
            },
          ]}
        />
        {current !== null && <StatementEntries key={current} statementId={current} onOpen={setOpened} />}
      </Space>
      {opened !== null && (
        <Suspense fallback={null}>
          <CreditDrawer
            entryId={opened.id}
            queue={opened.queue}
            onOpen={(id) => setOpened(id === null ? null : { id, queue: opened.queue })}
          />
        </Suspense>
      )}
    </div>
  );
}
