import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  QuestionCircleFilled,
  StopFilled,
  WarningFilled,
} from '@ant-design/icons';
import { formatDate, formatMoney, type CheckAnswer, type Language } from '@dnx/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { answerTone, type InspectAnswer } from '../answer';
import { checkClock, clockSkewText, listAge, snapshotClock, snapshotTime } from '../snapshot-time';

/** Each answer's colour (white text on it at 4.5:1 or more) and icon: colour and text together, never colour alone. */
export const answerLooks: Record<CheckAnswer | 'doubt', { background: string; icon: React.ReactNode }> = {
  valid: { background: '#1d6b34', icon: <CheckCircleFilled /> },
  // Amber: valid, but not in full (a list past its age, no list, or clocks that disagree on the expiry).
  doubt: { background: '#7c5800', icon: <WarningFilled /> },
  expired: { background: '#a14600', icon: <ClockCircleFilled /> },
  annulled: { background: '#a8071a', icon: <StopFilled /> },
  voided: { background: '#8c1c13', icon: <StopFilled /> },
  not_issued: { background: '#5b2a9e', icon: <ExclamationCircleFilled /> },
  unknown: { background: '#545b66', icon: <QuestionCircleFilled /> },
  not_genuine: { background: '#7a0012', icon: <CloseCircleFilled /> },
};

/** The words in the coloured block under the state: why the answer is not the whole word of a fresh list. */
function qualifier(t: TFunction, answer: InspectAnswer, language: Language): string | null {
  const at = new Date(answer.checkedAt);
  if (answer.list === 'none') return t('inspect.noListNote');
  if (answer.list === 'stale' && answer.snapshotAt && answer.answer !== 'not_genuine')
    return t('inspect.onListOf', {
      time: snapshotClock(answer.snapshotAt, at, language),
      age: listAge(t, answer.snapshotAt, at),
    });
  if (answer.clockDoubt) return t('inspect.clockDoubt');
  return null;
}

function detailRows(t: TFunction, answer: InspectAnswer, language: Language): [string, string, string][] {
  const rows: [string, string, string][] = [];
  if (answer.series && answer.number && answer.answer !== 'not_genuine')
    rows.push(['mark', t('inspect.mark'), `${answer.series} ${answer.number}`]);
  if (answer.voidReason) rows.push(['void-reason', t('inspect.voidReason'), answer.voidReason]);
  if (answer.plate) rows.push(['plate', t('inspect.plate'), answer.plate]);
  if (answer.transportType) rows.push(['type', t('inspect.transportType'), answer.transportType]);
  if (answer.validFrom || answer.validTo)
    rows.push([
      'validity',
      t('inspect.validity'),
      `${formatDate(answer.validFrom, language) || '—'} – ${formatDate(answer.validTo, language) || '—'}`,
    ]);
  if (answer.amount) rows.push(['amount', t('inspect.amount'), formatMoney(answer.amount, language)]);
  return rows;
}

/**
 * The answer of one look-up: the state in large type on its colour (amber for a valid answer given with care), then
 * the mark's vehicle, dates and payment, the list's time and the check's own time.
 */
export function AnswerCard({ answer }: { answer: InspectAnswer }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const tone = answerTone(answer);
  const look = answerLooks[tone];
  const noList = answer.list === 'none' && answer.answer === 'unknown';
  const note = qualifier(t, answer, language);
  const rows = detailRows(t, answer, language);
  const notes = [
    answer.basis === 'receipt' && t('inspect.fromReceipt'),
    answer.otherPayment && t('inspect.otherPayment'),
    answer.unsigned && t('inspect.unsignedOffline'),
    answer.answer === 'unknown' && !noList && t('inspect.unknownHint'),
    answer.answer === 'not_genuine' && !answer.unsigned && t('inspect.notGenuineHint'),
    answer.clockSkewMs !== null && `${clockSkewText(t, answer.clockSkewMs)} ${t('inspect.clockJudged')}`,
  ].filter((text): text is string => typeof text === 'string');
  return (
    <section
      className="inspect-answer"
      aria-live="polite"
      data-testid="inspect-answer"
      data-answer={answer.answer}
      data-tone={tone}
      data-list={answer.list}
    >
      <div className="inspect-answer-state" style={{ background: look.background }}>
        <h2 data-testid="inspect-state">
          <span aria-hidden="true">{look.icon}</span>{' '}
          {noList ? t('inspect.noListState') : t(`inspect.states.${answer.answer}`)}
        </h2>
        {note && (
          <p className="inspect-answer-qualifier" data-testid="inspect-qualifier">
            {note}
          </p>
        )}
      </div>
      {rows.length > 0 && (
        <dl className="inspect-answer-details">
          {rows.map(([key, label, value]) => (
            <div key={key} data-testid={`inspect-${key}`}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {notes.map((text) => (
        <p key={text} className="inspect-answer-note">
          {text}
        </p>
      ))}
      {answer.snapshotAt && (
        <p className="inspect-answer-as-of" data-testid="inspect-as-of">
          {snapshotTime(t, answer.snapshotAt, new Date(answer.checkedAt), language)}
        </p>
      )}
      <p className="inspect-answer-checked" data-testid="inspect-checked-at">
        {t('inspect.checkedAt', { time: checkClock(answer.checkedAt, language) })}
      </p>
    </section>
  );
}
