import { paymentCancelSchema, type PaymentListItem } from '@dnx/shared';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/reason-dialog';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePaymentTransition } from '../api/payments';

/** Cancels a payment under review or awaiting payment, with a required reason; its forms return to active. */
export function CancelDialog({ payment, onClose }: { payment: PaymentListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const move = usePaymentTransition();
  const onSubmit = (reason: string, fail: (error: unknown) => boolean) => {
    if (!payment) return;
    move.mutate(
      { action: 'cancel', id: payment.id, body: { reason } },
      {
        onSuccess: () => {
          notifySuccess();
          onClose();
        },
        onError: (error) => {
          if (!fail(error)) notifyFailure(error);
        },
      },
    );
  };
  return (
    <ReasonDialog
      open={payment !== null}
      title={payment ? t('payments.cancelTitle', { id: payment.id }) : t('payments.cancel')}
      okText={t('payments.cancel')}
      text={t('payments.cancelText')}
      label={t('payments.reason')}
      reasonSchema={paymentCancelSchema.shape.reason}
      maxLength={1000}
      pending={move.isPending}
      testId="payment-cancel-form"
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}
