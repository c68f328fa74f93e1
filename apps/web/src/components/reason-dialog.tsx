import { Form, Input, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule, showServerErrors, type FieldSchema } from '../lib/form-rules';
import { useUnsavedChanges } from './unsaved-changes';
import { focusWhenOpened } from '../lib/dialog-focus';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** The action's button (danger). */
  okText: string;
  /** What the action does, above the field. */
  text: ReactNode;
  label: string;
  /** The shared schema of the body's `reason`: the field's rule. */
  reasonSchema: FieldSchema;
  maxLength: number;
  pending: boolean;
  okDisabled?: boolean;
  /** Shown instead of the text and the field (what the action concerns could not be read). */
  problem?: ReactNode;
  testId: string;
  onClose: () => void;
  /** Runs the action with the reason (the server trims it); `fail(error)` puts a 400 under `reason`, and says if it did. */
  onSubmit: (reason: string, fail: (error: unknown) => boolean) => void;
}

/** An action that needs a reason (cancel, void, annul, reject): the dialog, its one field and its errors. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  // A reason typed in an open dialog is work too: moving away asks first.
  useUnsavedChanges(() => props.open && form.isFieldsTouched() && Boolean(form.getFieldValue('reason')));
  const onFinish = ({ reason }: { reason: string }) =>
    props.onSubmit(reason, (error) => showServerErrors(form, error, ['reason']).length > 0);
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: true, loading: props.pending, disabled: props.okDisabled, htmlType: 'submit' }}
      cancelText={t('list.cancel')}
      onCancel={props.onClose}
      destroyOnHidden
      afterOpenChange={(open) => focusWhenOpened(open, form.getFieldInstance('reason'))}
      modalRender={(dialog) => (
        <Form<{ reason: string }>
          form={form}
          layout="vertical"
          initialValues={{ reason: '' }}
          onFinish={onFinish}
          clearOnDestroy
          data-testid={props.testId}
        >
          {dialog}
        </Form>
      )}
    >
      {props.problem ?? (
        <>
          <Typography.Paragraph type="secondary">{props.text}</Typography.Paragraph>
          <Form.Item name="reason" label={props.label} required rules={[schemaRule(props.reasonSchema)]}>
            <Input.TextArea rows={3} maxLength={props.maxLength} showCount autoFocus />
          </Form.Item>
        </>
      )}
    </Modal>
  );
}
