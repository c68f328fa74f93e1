import { fnVoidSchema } from '@dnx/shared';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureMessage, notifyFailure, notifySuccess } from '../../../lib/notify';
import { schemaRules, showServerErrors } from '../../../lib/form-rules';
import { useFnForm } from '../api/forms';
import { useVoidForm } from '../api/void';

const rules = schemaRules(fnVoidSchema.shape);

/** Voids one form (new, active or shared) with a required reason; the form keeps its row and number. */
export function VoidDialog({ formId, onClose }: { formId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const record = useFnForm(formId);
  const voidForm = useVoidForm();
  const name = record.data ? `${record.data.series} ${record.data.number}` : '';

  const onFinish = ({ reason }: { reason: string }) => {
    if (formId === null) return;
    voidForm.mutate(
      { id: formId, reason },
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
      open={formId !== null}
      title={name ? t('fn.voidTitle', { name }) : t('fn.void')}
      okText={t('fn.void')}
      okButtonProps={{ danger: true, loading: voidForm.isPending, disabled: !record.isSuccess, htmlType: 'submit' }}
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
          data-testid="fn-void-form"
        >
          {dialog}
        </Form>
      )}
    >
      {record.isError ? (
        <Alert type="error" showIcon message={failureMessage(record.error)} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('fn.voidText')}</Typography.Paragraph>
          <Form.Item name="reason" label={t('fn.reason')} required rules={rules.reason}>
            <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
          </Form.Item>
        </>
      )}
    </Modal>
  );
}
