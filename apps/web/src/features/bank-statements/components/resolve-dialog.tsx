import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/notify';
import { useResolve } from '../api/bank-statements';
import { resolutionBody, type ResolutionForm } from './resolution';

/** A credit left open resolved by a person: linked to a paid payment, or not ours, with the reason (audited). */
export function ResolveDialog({
  entry,
  onClose,
}: {
  entry: { id: number; payment_id: number | null } | null;
  onClose: (resolved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResolutionForm>();
  const resolve = useResolve();
  const action = Form.useWatch('action', form);
  const submit = (values: ResolutionForm) => {
    if (!entry) return;
    resolve.mutate(
      { entryId: entry.id, ...resolutionBody(values, entry.payment_id) },
      {
        onSuccess: () => {
          form.resetFields();
          onClose(true);
        },
        onError: (error) => form.setFields([{ name: 'reason', errors: [failureMessage(error)] }]),
      },
    );
  };
  return (
    <Modal
      open={entry !== null}
      title={t('bankStatements.resolveTitle')}
      okText={t('bankStatements.save')}
      cancelText={t('bankStatements.cancel')}
      confirmLoading={resolve.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form<ResolutionForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ action: 'link', payment_id: entry?.payment_id ?? null, reason: '' }}
        data-testid="bank-resolve-form"
      >
        <Form.Item name="action" label={t('bankStatements.action')}>
          <Radio.Group
            options={[
              { value: 'link', label: t('bankStatements.link') },
              { value: 'not_ours', label: t('bankStatements.notOurs') },
            ]}
          />
        </Form.Item>
        {action !== 'not_ours' && (
          <Form.Item name="payment_id" label={t('bankStatements.paymentId')} rules={[{ required: true }]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="bank-resolve-payment" />
          </Form.Item>
        )}
        <Form.Item name="reason" label={t('bankStatements.reason')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={3} maxLength={500} data-testid="bank-resolve-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
