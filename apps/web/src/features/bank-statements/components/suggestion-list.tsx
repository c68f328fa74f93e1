import { formatDate, formatMoney, type BankEvidence, type BankSuggestion } from '@dnx/shared';
import { Button, Checkbox, Space, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { panelKey, type PanelKey } from './suggestion-keys';

/** A link's or a suggestion's evidence in one line: the field and its text, how the payer was known, the days apart. */
export function EvidenceLine({ evidence }: { evidence: BankEvidence }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid="bank-evidence">
      {evidence.field && evidence.text ? `${evidence.field}: «${evidence.text}» · ` : ''}
      {t(`bankStatements.payerRules.${evidence.payer_rule}`)} ·{' '}
      {t('bankStatements.daysApart', { count: evidence.days_apart })}
    </Typography.Text>
  );
}

const scoreColor = (score: number) => (score >= 80 ? 'green' : score >= 50 ? 'gold' : 'default');

interface ItemProps {
  suggestion: BankSuggestion;
  id: string;
  active: boolean;
  chosen: boolean;
  busy: boolean;
  onChoose: (chosen: boolean) => void;
  onConfirm: () => void;
  onReject: () => void;
  onPoint: () => void;
}

/** One candidate: its kind and score, the payment, what a confirmation leaves, the evidence and its two buttons. */
function SuggestionItem({
  suggestion: s,
  id,
  active,
  chosen,
  busy,
  onChoose,
  onConfirm,
  onReject,
  onPoint,
}: ItemProps) {
  const { t } = useTranslation();
  return (
    <li
      id={id}
      aria-current={active ? 'true' : undefined}
      onClick={onPoint}
      className={active ? 'bank-suggestion bank-suggestion-active' : 'bank-suggestion'}
      data-testid="bank-suggestion"
    >
      <Space direction="vertical" size={2} style={{ width: '100%' }}>
        <Space wrap size={4}>
          {s.action === 'link' && (
            <Checkbox
              checked={chosen}
              onChange={(event) => onChoose(event.target.checked)}
              aria-label={`${t('bankStatements.choose')}: ${s.payment.receipt_number}`}
              tabIndex={-1}
            />
          )}
          <Tag color={scoreColor(s.score)}>
            {t('bankStatements.score')} {s.score}
          </Tag>
          <Typography.Text strong>{s.payment.receipt_number}</Typography.Text>
          <span>{formatDate(s.payment.receipt_date)}</span>
          <span>{`${s.payment.owner_name} ${s.payment.owner_code}`.trim()}</span>
        </Space>
        <Typography.Text>{t(`bankStatements.kinds.${s.kind}`)}</Typography.Text>
        <Space wrap size={12}>
          <span>
            {t('bankStatements.total')}: {formatMoney(s.payment.total)}
          </span>
          <span>
            {t('bankStatements.credited')}: {formatMoney(s.payment.credited)}
          </span>
          {s.residual !== null && (
            <span data-testid="bank-suggestion-residual">
              {t('bankStatements.residual')}: {formatMoney(s.residual)}
            </span>
          )}
        </Space>
        {s.duplicate_of_entry_id !== null && (
          <Typography.Text type="warning">
            {t('bankStatements.paidTwice', { entry: s.duplicate_of_entry_id })}
          </Typography.Text>
        )}
        <EvidenceLine evidence={s.evidence} />
        <Space size={8}>
          {s.action && (
            <Button size="small" type="primary" tabIndex={-1} disabled={busy} onClick={onConfirm}>
              {t('bankStatements.confirm')}
            </Button>
          )}
          <Button size="small" tabIndex={-1} disabled={busy} onClick={onReject}>
            {t('bankStatements.reject')}
          </Button>
        </Space>
      </Space>
    </li>
  );
}

export interface SuggestionListProps {
  suggestions: BankSuggestion[];
  label: string;
  /** The id of the text that names the keys. */
  hintId: string;
  active: number;
  chosen: ReadonlySet<number>;
  busy: boolean;
  onActive: (index: number) => void;
  onChoose: (paymentId: number, chosen: boolean) => void;
  /** A key's meaning (panelKey), or a button's. */
  onAction: (action: PanelKey) => void;
}

/**
 * The credit's candidates, keyboard first: the list holds the focus (a group: each candidate holds its own buttons,
 * so it cannot be a listbox option), the chosen one is marked and read out, and the keys of `panelKey` move, confirm,
 * reject and go to another credit.
 */
export function SuggestionList(props: SuggestionListProps) {
  const { t } = useTranslation();
  const { suggestions, active } = props;
  const optionId = (index: number) => `bank-suggestion-${index}`;
  const list = useRef<HTMLDivElement>(null);
  // The list takes the focus as a credit opens, so its keys work at once.
  useEffect(() => list.current?.focus({ preventScroll: true }), []);
  const chosen = suggestions[active];
  return (
    <div
      ref={list}
      role="group"
      tabIndex={0}
      aria-label={props.label}
      aria-describedby={props.hintId}
      className="bank-suggestions"
      data-testid="bank-suggestions"
      onKeyDown={(event) => {
        const action = panelKey(event.key, active, suggestions);
        if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.target !== event.currentTarget && (event.key === 'Enter' || event.key === ' ')) return;
        event.preventDefault();
        if (action.type === 'move') {
          props.onActive(action.index);
          document.getElementById(optionId(action.index))?.scrollIntoView({ block: 'nearest' });
        } else props.onAction(action);
      }}
    >
      <span className="bank-live" aria-live="polite">
        {chosen
          ? `${active + 1} / ${suggestions.length}: ${chosen.payment.receipt_number}, ${t(`bankStatements.kinds.${chosen.kind}`)}, ${t('bankStatements.score')} ${chosen.score}`
          : ''}
      </span>
      <ul>
        {suggestions.map((suggestion, index) => (
          <SuggestionItem
            key={`${suggestion.payment.id}-${suggestion.kind}`}
            id={optionId(index)}
            suggestion={suggestion}
            active={index === active}
            chosen={props.chosen.has(suggestion.payment.id)}
            busy={props.busy}
            onPoint={() => props.onActive(index)}
            onChoose={(on) => props.onChoose(suggestion.payment.id, on)}
            onConfirm={() => props.onAction({ type: 'confirm', index })}
            onReject={() => props.onAction({ type: 'reject', index })}
          />
        ))}
      </ul>
    </div>
  );
}
