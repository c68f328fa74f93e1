import type { OnlineCarrier } from '@dnx/shared';
import { useTranslation } from 'react-i18next';

const dash = (value: string | null | undefined) => (value ? value : '—');

/** What the confirmation says approving does: a new carrier, or these changes to the one with the VÖEN. */
export function ApproveSummary({ carrier }: { carrier: OnlineCarrier }) {
  const { t } = useTranslation();
  const { existing } = carrier;
  if (!existing) return <p>{t('online.approveNew', { name: carrier.name, voen: carrier.voen })}</p>;
  if (existing.changes.length === 0) return <p>{t('online.approveSame', { voen: carrier.voen })}</p>;
  return (
    <>
      <p>{t('online.approveUpdate', { voen: carrier.voen, count: existing.changes.length })}</p>
      <ul data-testid="online-approve-changes">
        {existing.changes.map((change) => (
          <li key={change.field}>
            {change.label}: {dash(change.before)} → {dash(change.after)}
          </li>
        ))}
      </ul>
    </>
  );
}
