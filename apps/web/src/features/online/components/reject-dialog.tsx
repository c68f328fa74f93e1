import { onlineRejectSchema } from '@dnx/shared';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/reason-dialog';

export interface RejectDialogProps {
  /** The request being rejected (its tracking code names it), or null when the dialog is closed. */
  request: { id: number; code: string } | null;
  pending: boolean;
  onClose: () => void;
  /** Rejects with the reason; a 400 under `reason` stays in the dialog, anything else is the caller's. */
  onReject: (reason: string, fail: (error: unknown) => boolean) => void;
}

/** Rejecting a request needs a reason, which the carrier is told by e-mail. */
export function RejectDialog({ request, pending, onClose, onReject }: RejectDialogProps) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      open={request !== null}
      title={request ? t('online.rejectTitle', { code: request.code }) : t('online.reject')}
      okText={t('online.reject')}
      text={t('online.rejectText')}
      label={t('online.rejectReason')}
      reasonSchema={onlineRejectSchema.shape.reason}
      maxLength={1000}
      pending={pending}
      testId="online-reject-form"
      onClose={onClose}
      onSubmit={onReject}
    />
  );
}
