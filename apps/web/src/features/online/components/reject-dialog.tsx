import { onlineRejectSchema } from '@dnx/shared';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRules, showServerErrors } from '../../../lib/form-rules';

const rules = schemaRules(onlineRejectSchema.shape);

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
  const [form] = Form.useForm<{ reason: string }>();
  const onFinish = ({ reason }: { reason: string }) =>
    onReject(reason.trim(), (error) => showServerErrors(form, error, ['reason']).length > 0);
  return (
    <Modal
      open={request !== null}
      title={request ? t('online.rejectTitle', { code: request.code }) : t('online.reject')}
      okText={t('online.reject')}
      okButtonProps={{ danger: true, loading: pending, htmlType: 'submit' }}
      cancelText={t('online.cancel')}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<{ reason: string }>
          form={form}
          layout="vertical"
          initialValues={{ reason: '' }}
          onFinish={onFinish}
          clearOnDestroy
          data-testid="online-reject-form"
        >
          {dialog}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">{t('online.rejectText')}</Typography.Paragraph>
      <Form.Item name="reason" label={t('online.rejectReason')} required rules={rules.reason}>
        <Input.TextArea rows={3} maxLength={1000} showCount autoFocus />
      </Form.Item>
    </Modal>
  );
}
