import { bankStatementMessages, formatMoney } from '@dnx/shared';
import { Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notify';
import { useResolve } from '../api/bank-statements';
import { resolutionActions, resolutionBody, serverReason, type ResolutionForm, type Resolving } from './resolution';

const actionLabel = { link: 'link', not_ours: 'notOurs', accept_difference: 'acceptDifference' } as const;

/**
 * A credit left open resolved by a person: linked to a paid payment, not ours, or the difference of its link accepted,
 * with the reason (audited). A refusal shows the server's own reason; a link of another amount says it stays open.
 */
export function ResolveDialog({ entry, onClose }: { entry: Resolving | null; onClose: (resolved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResolutionForm>();
  const resolve = useResolve();
  const actions = entry ? resolutionActions(entry) : [];
  const action = Form.useWatch('action', form) ?? actions[0];
  const submit = (values: ResolutionForm) => {
    if (!entry) return;
    resolve.mutate(
      { entryId: entry.id, ...resolutionBody(values, entry.payment_id) },
      {
        onSuccess: (resolved) => {
          if (resolved.match_state === 'amount_differs' && resolved.payment_id !== null)
            toast.info(t('bankStatements.linkLeftOpen', { amount: formatMoney(resolved.amount) }));
          form.resetFields();
          onClose(true);
        },
        onError: (error) => form.setFields([{ name: 'reason', errors: [serverReason(error)] }]),
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
        initialValues={{ action: actions[0], payment_id: entry?.payment_id ?? null, reason: '' }}
        data-testid="bank-resolve-form"
      >
        <Form.Item name="action" label={t('bankStatements.action')}>
          <Radio.Group
            options={actions.map((value) => ({ value, label: t(`bankStatements.${actionLabel[value]}`) }))}
            data-testid="bank-resolve-action"
          />
        </Form.Item>
        {action === 'link' && (
          <Form.Item name="payment_id" label={t('bankStatements.paymentId')} rules={[{ required: true }]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="bank-resolve-payment" />
          </Form.Item>
        )}
        {action === 'accept_difference' && (
          <Typography.Paragraph type="secondary" data-testid="bank-resolve-accept-help">
            {t('bankStatements.acceptHelp', { payment: entry?.payment_id ?? '—' })}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="reason"
          label={t('bankStatements.reason')}
          rules={[{ required: true, whitespace: true, message: bankStatementMessages.reasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={500} data-testid="bank-resolve-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
