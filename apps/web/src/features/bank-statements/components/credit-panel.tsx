import {
  bankResolutionReasonSchema,
  formatDate,
  formatMoney,
  moneyToDecimal,
  type BankEntry,
  type BankSuggestion,
} from '@dnx/shared';
import { Alert, Button, Descriptions, Drawer, Input, List, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useFocusReturn } from '../../../lib/page-focus';
import { toast } from '../../../lib/notify';
import { useEntry, useResolve, useSuggestions, type Resolution } from '../api/bank-statements';
import { resolvable, serverReason } from './resolution';
import { combined, combinedReason, confirmReason, creditAfter, type PanelKey } from './suggestion-keys';
import { EvidenceLine, SuggestionList } from './suggestion-list';
import './reconciliation.css';

/** The credit as the bank gave it: day, amount, payer, every text by its field, its state. */
function CreditFacts({ entry }: { entry: BankEntry }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid="bank-credit"
      items={[
        { key: 'date', label: t('bankStatements.date'), children: formatDate(entry.booking_date) },
        { key: 'amount', label: t('bankStatements.amount'), children: formatMoney(entry.amount) },
        {
          key: 'payer',
          label: t('bankStatements.payer'),
          children: `${entry.payer_name} ${entry.payer_code}`.trim() || '—',
        },
        { key: 'account', label: t('bankStatements.payerAccount'), children: entry.payer_account || '—' },
        {
          key: 'texts',
          label: t('bankStatements.texts'),
          children: entry.texts.length
            ? entry.texts.map((text, index) => <div key={index}>{`${text.field}: ${text.text}`}</div>)
            : '—',
        },
        { key: 'state', label: t('bankStatements.state'), children: t(`bankStatements.states.${entry.match_state}`) },
        ...(entry.resolution_reason
          ? [{ key: 'reason', label: t('bankStatements.reason'), children: entry.resolution_reason }]
          : []),
      ]}
    />
  );
}

/** The payments the credit pays, each with its evidence; a person undoes them (or a resolution) with a reason. */
function EntryLinks({ entry, onUndo }: { entry: BankEntry; onUndo: () => void }) {
  const { t } = useTranslation();
  const undoable = entry.links.length > 0 || entry.resolved_at !== null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {entry.links.length > 0 && (
        <List
          size="small"
          header={t('bankStatements.links')}
          dataSource={entry.links}
          data-testid="bank-links"
          renderItem={(link) => (
            <List.Item>
              <Space direction="vertical" size={0}>
                <Typography.Text strong>
                  {link.receipt_number} · {formatMoney(link.amount)} ·{' '}
                  {t(link.whole ? 'bankStatements.whole' : 'bankStatements.part')} ·{' '}
                  {t(`bankStatements.rules.${link.rule}`)} · {link.created_by ?? t('bankStatements.automatic')}
                </Typography.Text>
                <EvidenceLine evidence={link.evidence} />
              </Space>
            </List.Item>
          )}
        />
      )}
      {undoable && (
        <Button onClick={onUndo} data-testid="bank-undo">
          {t('bankStatements.undo')}
        </Button>
      )}
    </Space>
  );
}

type Asking = 'undo' | 'not_ours' | 'accept_difference' | null;

/** The search box: the candidates a person's search names, asked for once typing pauses. */
function useSearch() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, q };
}

/** The candidates of an open credit: the ranked suggestions or a search's, keyboard first, chosen to link together. */
function Candidates({
  entry,
  run,
  busy,
  onCredit,
}: {
  entry: BankEntry;
  run: (body: Omit<Resolution, 'entryId'>, done: string, next: boolean) => void;
  busy: boolean;
  onCredit: (step: 1 | -1) => void;
}) {
  const { t } = useTranslation();
  const search = useSearch();
  const suggestions = useSuggestions(entry.id, search.q);
  const list = suggestions.data?.results ?? [];
  // The chosen suggestion belongs to its search: a new search starts at its first (the panel is keyed by the credit).
  const [pointed, setPointed] = useState({ q: '', index: 0 });
  const active = pointed.q === search.q ? Math.min(pointed.index, Math.max(list.length - 1, 0)) : 0;
  const setActive = (index: number) => setPointed({ q: search.q, index });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const picked = list.filter((s) => chosen.has(s.payment.id) && s.action === 'link');
  const together = combined(picked, entry.amount);
  const act = (action: PanelKey) => {
    if (action.type === 'credit') return onCredit(action.step);
    const s: BankSuggestion | undefined = list[action.index];
    if (!s) return;
    if (action.type === 'reject')
      return run({ action: 'reject', payment_id: s.payment.id, reason: '' }, t('bankStatements.rejected'), false);
    if (s.action) run({ action: s.action, payment_id: s.payment.id, reason: confirmReason(s) }, '', true);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.Search
        value={search.typed}
        onChange={(event) => search.setTyped(event.target.value)}
        placeholder={t('bankStatements.search')}
        aria-label={t('bankStatements.search')}
        allowClear
        maxLength={100}
        data-testid="bank-search"
      />
      <Typography.Text type="secondary" id="bank-keys-hint">
        {t('bankStatements.keysHint')}
      </Typography.Text>
      <Spin spinning={suggestions.isFetching}>
        {list.length === 0 && !suggestions.isFetching ? (
          <Alert type="info" showIcon message={t('bankStatements.noSuggestions')} />
        ) : (
          <SuggestionList
            suggestions={list}
            label={t(search.q ? 'bankStatements.searchResults' : 'bankStatements.suggestions')}
            hintId="bank-keys-hint"
            active={active}
            chosen={chosen}
            busy={busy}
            onActive={setActive}
            onChoose={(id, on) =>
              setChosen((before) => {
                const after = new Set(before);
                if (on) after.add(id);
                else after.delete(id);
                return after;
              })
            }
            onAction={act}
          />
        )}
      </Spin>
      {picked.length >= 2 && (
        <Space wrap>
          <Typography.Text type={together.fits ? undefined : 'warning'} data-testid="bank-combined-sum">
            {t('bankStatements.combineSum', {
              count: picked.length,
              sum: formatMoney(moneyToDecimal(together.sum)),
              amount: formatMoney(entry.amount),
            })}
          </Typography.Text>
          <Button
            type="primary"
            disabled={!together.fits || busy}
            onClick={() =>
              run({ action: 'link', payment_ids: picked.map((s) => s.payment.id), reason: combinedReason }, '', true)
            }
            data-testid="bank-combine"
          >
            {t('bankStatements.combine')}
          </Button>
        </Space>
      )}
    </Space>
  );
}

const askingTexts = {
  undo: { title: 'undoTitle', ok: 'undo', text: 'undoText' },
  not_ours: { title: 'notOurs', ok: 'notOurs', text: 'notOursText' },
  accept_difference: { title: 'acceptDifference', ok: 'acceptDifference', text: 'acceptHelp' },
} as const;

/** A credit and what may be done with it: its links undone, a candidate confirmed or rejected, not ours, accepted. */
function CreditPanel({ entryId, queue, onOpen }: CreditDrawerProps & { entryId: number }) {
  const { t } = useTranslation();
  const entry = useEntry(entryId);
  const resolve = useResolve();
  const [asking, setAsking] = useState<Asking>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const go = (step: 1 | -1) => {
    const next = creditAfter(queue, entryId, step);
    if (next !== null) onOpen(next);
  };
  const run = (body: Omit<Resolution, 'entryId'>, done: string, next: boolean, fail?: (e: unknown) => boolean) => {
    setProblem(null);
    resolve.mutate(
      { entryId, ...body },
      {
        onSuccess: (resolved) => {
          setAsking(null);
          if (body.action !== 'undo' && resolved.match_state === 'amount_differs' && resolved.payment_id !== null)
            toast.info(t('bankStatements.linkLeftOpen', { amount: formatMoney(resolved.amount) }));
          else toast.success(done || t('bankStatements.confirmed'));
          if (next) go(1);
        },
        // The server's own reason ("Ödəniş tapılmadı və ya ödənilmiş deyil", …), under the field or above the list.
        onError: (error) => {
          if (fail?.(error)) return;
          setAsking(null);
          setProblem(serverReason(error));
        },
      },
    );
  };
  if (!entry.data)
    return entry.isError ? <Alert type="error" showIcon message={serverReason(entry.error)} /> : <Spin />;
  const e = entry.data;
  const open = resolvable(e.match_state);
  const personLeftOpen = e.match_state === 'amount_differs' && e.resolved_at !== null;
  const texts = asking ? askingTexts[asking] : null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="bank-panel">
      <Space>
        <Button size="small" disabled={creditAfter(queue, entryId, -1) === null} onClick={() => go(-1)}>
          {t('bankStatements.previous')}
        </Button>
        <Button size="small" disabled={creditAfter(queue, entryId, 1) === null} onClick={() => go(1)}>
          {t('bankStatements.next')}
        </Button>
      </Space>
      <CreditFacts entry={e} />
      {problem && <Alert type="error" showIcon message={problem} data-testid="bank-panel-error" />}
      <EntryLinks entry={e} onUndo={() => setAsking('undo')} />
      <Space wrap>
        {open && e.links.length === 0 && (
          <Button onClick={() => setAsking('not_ours')} data-testid="bank-not-ours">
            {t('bankStatements.notOurs')}
          </Button>
        )}
        {e.match_state === 'amount_differs' && e.payment_id !== null && (
          <Button onClick={() => setAsking('accept_difference')} data-testid="bank-accept-difference">
            {t('bankStatements.acceptDifference')}
          </Button>
        )}
      </Space>
      {open && !personLeftOpen && <Candidates entry={e} run={run} busy={resolve.isPending} onCredit={go} />}
      <ReasonDialog
        open={asking !== null}
        title={texts ? t(`bankStatements.${texts.title}`) : ''}
        okText={texts ? t(`bankStatements.${texts.ok}`) : ''}
        text={texts ? t(`bankStatements.${texts.text}`, { payment: e.payment_id ?? '—' }) : ''}
        label={t('bankStatements.reason')}
        reasonSchema={bankResolutionReasonSchema}
        maxLength={500}
        pending={resolve.isPending}
        testId="bank-reason-form"
        onClose={() => setAsking(null)}
        onSubmit={(reason, fail) =>
          asking && run({ action: asking, payment_id: null, reason }, t('bankStatements.resolved'), false, fail)
        }
      />
    </Space>
  );
}

export interface CreditDrawerProps {
  /** The open credits of the list the panel was opened from, in its order: N and P move through them. */
  queue: readonly number[];
  onOpen: (entryId: number | null) => void;
}

/** The reconciliation panel beside the list: the credit, its links and its candidates (issue 57). */
export function CreditDrawer({ entryId, queue, onOpen }: CreditDrawerProps & { entryId: number | null }) {
  const { t } = useTranslation();
  useFocusReturn(entryId !== null);
  return (
    <Drawer
      open={entryId !== null}
      onClose={() => onOpen(null)}
      title={t('bankStatements.panelTitle')}
      size="large"
      destroyOnHidden
      mask={false}
    >
      {entryId !== null && <CreditPanel key={entryId} entryId={entryId} queue={queue} onOpen={onOpen} />}
    </Drawer>
  );
}
