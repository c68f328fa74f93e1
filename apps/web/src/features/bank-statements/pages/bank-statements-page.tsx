import { UploadOutlined } from '@ant-design/icons';
import {
  bankDifferenceKinds,
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
  type BankMatchState,
  type BankStatement,
} from '@dnx/shared';
import { Alert, Button, Card, Form, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ExportButton } from '../../../components/resource-list';
import { useDifferences, useEntries, useStatements, useUploadStatement } from '../api/bank-statements';
import { DemoFiles } from '../components/demo-files';
import { ResolveDialog } from '../components/resolve-dialog';
import { resolvable, serverReason, stateColor, type Resolving } from '../components/resolution';
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

/** A statement's entries, filtered by match state, each open credit with its resolution. */
function StatementEntries({
  statement,
  onResolve,
}: {
  statement: BankStatement;
  onResolve: (entry: Resolving | null) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<BankMatchState | undefined>();
  const [page, setPage] = useState(1);
  const entries = useEntries(statement.id, state, page);
  return (
    <Card title={`${t('bankStatements.entries')}: ${statement.file_name}`} data-testid="bank-entries">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          {bankMatchStates.map((s) => (
            <Tag key={s} color={stateColor[s]}>
              {t(`bankStatements.states.${s}`)}: {formatCount(statement.states[s])}
            </Tag>
          ))}
        </Space>
        <Space wrap>
          <Select<BankMatchState | 'all'>
            aria-label={t('bankStatements.state')}
            style={{ minWidth: 220 }}
            value={state ?? 'all'}
            onChange={(value) => {
              setState(value === 'all' ? undefined : value);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('bankStatements.allStates') },
              ...bankMatchStates.map((s) => ({ value: s, label: t(`bankStatements.states.${s}`) })),
            ]}
            data-testid="bank-entries-state"
          />
          {/* The server writes every entry the filter selects, in the statement's order. */}
          <ExportButton
            request={() => ({
              path: `/api/bank-statements/${statement.id}/entries/export/`,
              query: Object.fromEntries(state ? [['match_state', state]] : []),
              title: `${t('bankStatements.entries')} ${statement.number}`,
            })}
            disabled={!entries.data?.count}
          />
        </Space>
        <Table<BankEntry>
          rowKey="id"
          size="small"
          loading={entries.isFetching}
          dataSource={entries.data?.results ?? []}
          pagination={{ current: page, pageSize: 20, total: entries.data?.count ?? 0, onChange: setPage }}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'position', title: '#', dataIndex: 'position', width: 60 },
            { key: 'date', title: t('bankStatements.date'), render: (_, e) => formatDate(e.booking_date) },
            {
              key: 'amount',
              title: t('bankStatements.amount'),
              align: 'right',
              render: (_, e) => `${e.direction === 'debit' ? '-' : ''}${formatMoney(e.amount)}`,
            },
            { key: 'reference', title: t('bankStatements.reference'), dataIndex: 'reference' },
            {
              key: 'payer',
              title: t('bankStatements.payer'),
              render: (_, e) => `${e.payer_name} ${e.payer_code}`.trim(),
            },
            { key: 'payment', title: t('bankStatements.payment'), render: (_, e) => e.payment_id ?? '—' },
            {
              key: 'state',
              title: t('bankStatements.state'),
              render: (_, e) => (
                <>
                  <StateTag state={e.match_state} acceptedDifference={e.accepted_difference} />
                  {e.resolution_reason && <Typography.Text type="secondary">{e.resolution_reason}</Typography.Text>}
                </>
              ),
            },
            {
              key: 'actions',
              title: t('list.actions'),
              render: (_, e) =>
                resolvable(e.match_state) && (
                  <Button
                    size="small"
                    onClick={() =>
                      onResolve({
                        id: e.id,
                        payment_id: e.payment_id,
                        match_state: e.match_state,
                        resolved: e.resolved_at !== null,
                      })
                    }
                  >
                    {t('bankStatements.resolve')}
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
function Differences({ onResolve }: { onResolve: (entry: Resolving | null) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<BankDifferenceKind | undefined>();
  const [page, setPage] = useState(1);
  const differences = useDifferences(kind, page);
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
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'kind', title: t('bankStatements.kind'), render: (_, d) => <StateTag state={d.kind} /> },
          { key: 'day', title: t('bankStatements.date'), render: (_, d) => formatDate(d.day) },
          { key: 'amount', title: t('bankStatements.amount'), align: 'right', render: (_, d) => formatMoney(d.amount) },
          { key: 'reference', title: t('bankStatements.reference'), dataIndex: 'reference' },
          {
            key: 'payer',
            title: t('bankStatements.payer'),
            render: (_, d) => `${d.payer_name} ${d.payer_code}`.trim(),
          },
          { key: 'payment', title: t('bankStatements.payment'), render: (_, d) => d.payment_id ?? '—' },
          {
            key: 'actions',
            title: t('list.actions'),
            render: (_, d) =>
              d.entry_id !== null &&
              resolvable(d.kind) && (
                <Button
                  size="small"
                  onClick={() =>
                    onResolve({ id: d.entry_id!, payment_id: d.payment_id, match_state: d.kind, resolved: false })
                  }
                >
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
  const [current, setCurrent] = useState<BankStatement | null>(null);
  const [resolving, setResolving] = useState<Resolving | null>(null);
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
        setCurrent(result.statement);
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
                  scroll={{ x: 'max-content' }}
                  columns={[
                    { key: 'at', title: t('bankStatements.when'), render: (_, s) => formatDateTime(s.created_at) },
                    { key: 'file', title: t('bankStatements.file'), dataIndex: 'file_name' },
                    { key: 'account', title: t('bankStatements.account'), dataIndex: 'account' },
                    { key: 'number', title: t('bankStatements.number'), dataIndex: 'number' },
                    {
                      key: 'period',
                      title: t('bankStatements.period'),
                      render: (_, s) => `${formatDate(s.from_date)} – ${formatDate(s.to_date)}`,
                    },
                    {
                      key: 'opening',
                      title: t('bankStatements.opening'),
                      align: 'right',
                      render: (_, s) => formatMoney(s.opening_balance),
                    },
                    {
                      key: 'credits',
                      title: t('bankStatements.credits'),
                      align: 'right',
                      render: (_, s) => formatMoney(s.credits_total),
                    },
                    {
                      key: 'debits',
                      title: t('bankStatements.debits'),
                      align: 'right',
                      render: (_, s) => formatMoney(s.debits_total),
                    },
                    {
                      key: 'closing',
                      title: t('bankStatements.closing'),
                      align: 'right',
                      render: (_, s) => formatMoney(s.closing_balance),
                    },
                    {
                      key: 'open',
                      title: t('list.actions'),
                      render: (_, s) => (
                        <Button
                          size="small"
                          onClick={() => setCurrent(s)}
                          aria-label={`${t('bankStatements.open')}: ${s.file_name}`}
                        >
                          {t('bankStatements.open')}
                        </Button>
                      ),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'differences',
              label: t('bankStatements.differences'),
              children: <Differences onResolve={setResolving} />,
            },
          ]}
        />
        {current && <StatementEntries key={current.id} statement={current} onResolve={setResolving} />}
      </Space>
      <ResolveDialog entry={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}
