import { formatMoney, type BankDifferenceKind, type BankMatchState } from '@dnx/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateColor } from './resolution';

/** The credit open in the reconciliation panel, and the open credits of the list it came from (N and P). */
export interface Opened {
  id: number;
  queue: readonly number[];
}

/** A cell of text cut to its column (the whole text in its title and in the panel). */
export const cut = (text: string) => (
  <span className="bank-cell-text" title={text}>
    {text || '—'}
  </span>
);

/** A match state's or a difference's tag (a debit has none), and a difference a person accepted. */
export function StateTag({
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
