import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  QuestionCircleFilled,
  StopFilled,
} from '@ant-design/icons';
import { formatDate, formatMoney, type CheckAnswer, type Language } from '@dnx/shared';
import { useTranslation } from 'react-i18next';
import type { InspectAnswer } from '../answer';
import { snapshotTime } from '../snapshot-time';

/** Each answer's colour (white text on it at 4.5:1 or more) and icon: colour and text together, never colour alone. */
export const answerLooks: Record<CheckAnswer, { background: string; icon: React.ReactNode }> = {
  valid: { background: '#1d6b34', icon: <CheckCircleFilled /> },
  expired: { background: '#a14600', icon: <ClockCircleFilled /> },
  annulled: { background: '#a8071a', icon: <StopFilled /> },
  voided: { background: '#8c1c13', icon: <StopFilled /> },
  not_issued: { background: '#5b2a9e', icon: <ExclamationCircleFilled /> },
  unknown: { background: '#545b66', icon: <QuestionCircleFilled /> },
  not_genuine: { background: '#7a0012', icon: <CloseCircleFilled /> },
};

/** The answer of one look-up: the state in large type on its colour, then the mark's vehicle, dates and payment. */
export function AnswerCard({ answer, now }: { answer: InspectAnswer; now: Date }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const look = answerLooks[answer.answer];
  const rows: [string, string, string][] = [];
  if (answer.series && answer.number && answer.answer !== 'not_genuine')
    rows.push(['mark', t('inspect.mark'), `${answer.series} ${answer.number}`]);
  if (answer.plate) rows.push(['plate', t('inspect.plate'), answer.plate]);
  if (answer.transportType) rows.push(['type', t('inspect.transportType'), answer.transportType]);
  if (answer.validFrom || answer.validTo)
    rows.push([
      'validity',
      t('inspect.validity'),
      `${formatDate(answer.validFrom, language) || '—'} – ${formatDate(answer.validTo, language) || '—'}`,
    ]);
  if (answer.amount) rows.push(['amount', t('inspect.amount'), formatMoney(answer.amount, language)]);
  const notes = [
    answer.basis === 'receipt' && t('inspect.fromReceipt'),
    answer.otherPayment && t('inspect.otherPayment'),
    answer.unsigned && t('inspect.unsignedOffline'),
    answer.answer === 'unknown' && t('inspect.unknownHint'),
    answer.answer === 'not_genuine' && !answer.unsigned && t('inspect.notGenuineHint'),
  ].filter((note): note is string => typeof note === 'string');
  return (
    <section className="inspect-answer" aria-live="polite" data-testid="inspect-answer" data-answer={answer.answer}>
      <h2 className="inspect-answer-state" style={{ background: look.background }} data-testid="inspect-state">
        <span aria-hidden="true">{look.icon}</span> {t(`inspect.states.${answer.answer}`)}
      </h2>
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
      {notes.map((note) => (
        <p key={note} className="inspect-answer-note">
          {note}
        </p>
      ))}
      {answer.snapshotAt && (
        <p className="inspect-answer-as-of" data-testid="inspect-as-of">
          {snapshotTime(t, answer.snapshotAt, now, language)}
        </p>
      )}
    </section>
  );
}
