import { paymentCancelSchema, type PaymentListItem } from '@dnx/shared';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRules, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePaymentTransition } from '../api/payments';

const rules = schemaRules(paymentCancelSchema.shape);

/** Cancels a payment under review or awaiting payment, with a required reason; its forms return to active. */
export function CancelDialog({ payment, onClose }: { payment: PaymentListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const move = usePaymentTransition();

  const onFinish = ({ reason }: { reason: string }) => {
    if (!payment) return;
    move.mutate(
      { action: 'cancel', id: payment.id, body: { reason } },
      {
        onSuccess: () => {
          notifySuccess();
          onClose();
        },
        onError: (error) => {
          if (showServerErrors(form, error, ['reason']).length === 0) notifyFailure(error);
        },
      },
    );
  };

  return (
    <Modal
      open={payment !== null}
      title={payment ? t('payments.cancelTitle', { id: payment.id }) : t('payments.cancel')}
      okText={t('payments.cancel')}
      okButtonProps={{ danger: true, loading: move.isPending, htmlType: 'submit' }}
      cancelText={t('list.cancel')}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<{ reason: string }>
          form={form}
          layout="vertical"
          initialValues={{ reason: '' }}
          onFinish={onFinish}
          clearOnDestroy
          data-testid="payment-cancel-form"
        >
          {dialog}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">{t('payments.cancelText')}</Typography.Paragraph>
      <Form.Item name="reason" label={t('payments.reason')} required rules={rules.reason}>
        <Input.TextArea rows={3} maxLength={1000} showCount autoFocus />
      </Form.Item>
    </Modal>
  );
}
