import { apiDateFormat, displayDateFormat, paymentPaySchema, type PaymentListItem } from '@dnx/shared';
import { DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { schemaRules, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePaymentTransition } from '../api/payments';
import { receiptDateToday } from './payment-rows';
import { focusWhenOpened } from '../../../lib/dialog-focus';

const rules = schemaRules(paymentPaySchema.shape);

interface PayValues {
  payment_receipt_number: string;
  payment_receipt_date: Dayjs | null;
}

/** Records the bank receipt (a number never used before, a date not after today): the payment becomes paid. */
export function PayDialog({ payment, onClose }: { payment: PaymentListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PayValues>();
  const move = usePaymentTransition();

  const onFinish = (values: PayValues) => {
    if (!payment) return;
    move.mutate(
      {
        action: 'pay',
        id: payment.id,
        body: {
          payment_receipt_number: values.payment_receipt_number.trim(),
          payment_receipt_date: values.payment_receipt_date?.format(apiDateFormat) ?? '',
        },
      },
      {
        onSuccess: () => {
          notifySuccess();
          onClose();
        },
        onError: (error) => {
          if (showServerErrors(form, error, ['payment_receipt_number', 'payment_receipt_date']).length === 0)
            notifyFailure(error);
        },
      },
    );
  };

  return (
    <Modal
      open={payment !== null}
      title={payment ? t('payments.payTitle', { id: payment.id }) : t('payments.pay')}
      okText={t('payments.pay')}
      okButtonProps={{ loading: move.isPending, htmlType: 'submit' }}
      cancelText={t('list.cancel')}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(open) => focusWhenOpened(open, form.getFieldInstance('payment_receipt_number'))}
      modalRender={(dialog) => (
        <Form<PayValues>
          form={form}
          layout="vertical"
          initialValues={{ payment_receipt_number: '', payment_receipt_date: receiptDateToday() }}
          onFinish={onFinish}
          clearOnDestroy
          data-testid="payment-pay-form"
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item
        name="payment_receipt_number"
        label={t('payments.receiptNumber')}
        required
        rules={rules.payment_receipt_number}
      >
        <Input maxLength={64} autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="payment_receipt_date"
        label={t('payments.receiptDate')}
        required
        rules={[
          {
            required: true,
            message: paymentPaySchema.shape.payment_receipt_date.safeParse('').error?.issues[0]?.message,
          },
        ]}
      >
        <DatePicker format={displayDateFormat} style={{ width: '100%' }} />
      </Form.Item>
    </Modal>
  );
}
