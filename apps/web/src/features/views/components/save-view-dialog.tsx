import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { focusWhenOpened } from '../../../lib/dialog-focus';
import { useSubmitView, ViewForm, type ViewFormValues, type ViewSource } from './view-form';

export interface SaveViewDialogProps {
  open: boolean;
  onClose: () => void;
  source: ViewSource;
}

/** Saves what the list shows now as a named view; an administrator may share it with groups. */
export function SaveViewDialog({ open, onClose, source }: SaveViewDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ViewFormValues>();
  const { submit, pending } = useSubmitView(form, source, null, onClose);
  return (
    <Modal
      open={open}
      title={t('views.saveTitle')}
      okText={t('views.save')}
      cancelText={t('views.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={pending}
      destroyOnHidden
      afterOpenChange={(open) => focusWhenOpened(open, form.getFieldInstance('name'))}
      data-testid="save-view-dialog"
    >
      <ViewForm form={form} source={source} view={null} onFinish={submit} />
    </Modal>
  );
}
