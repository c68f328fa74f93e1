import { bankBulkConfirmSchema, bankSuggestionScores } from '@dnx/shared';
import { Button, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule, showServerErrors } from '../../../lib/form-rules';
import { toast } from '../../../lib/notify';
import { useConfirmSuggestions } from '../api/bank-statements';
import { serverReason } from './resolution';

interface BulkForm {
  min_score: number;
  reason: string;
}

/** Bulk confirm (issue 57): each open credit's best suggestion at or above the score chosen, with one reason. */
export function BulkConfirm({ statementId, disabled }: { statementId: number; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<BulkForm>();
  const confirm = useConfirmSuggestions(statementId);
  const submit = (values: BulkForm) =>
    confirm.mutate(values, {
      onSuccess: (result) => {
        toast.success(t('bankStatements.bulkDone', result));
        setOpen(false);
      },
      onError: (error) => {
        if (showServerErrors(form, error, ['min_score', 'reason']).length === 0)
          form.setFields([{ name: 'reason', errors: [serverReason(error)] }]);
      },
    });
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled} data-testid="bank-bulk-confirm">
        {t('bankStatements.bulk')}
      </Button>
      <Modal
        open={open}
        title={t('bankStatements.bulk')}
        okText={t('bankStatements.confirm')}
        cancelText={t('bankStatements.cancel')}
        okButtonProps={{ loading: confirm.isPending, htmlType: 'submit' }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        modalRender={(dialog) => (
          <Form<BulkForm>
            form={form}
            layout="vertical"
            initialValues={{ min_score: bankSuggestionScores.receipt, reason: '' }}
            onFinish={submit}
            clearOnDestroy
            data-testid="bank-bulk-form"
          >
            {dialog}
          </Form>
        )}
      >
        <Typography.Paragraph type="secondary">{t('bankStatements.bulkText')}</Typography.Paragraph>
        <Form.Item
          name="min_score"
          label={t('bankStatements.minScore')}
          required
          rules={[schemaRule(bankBulkConfirmSchema.shape.min_score)]}
        >
          <InputNumber min={bankSuggestionScores.payer_name} max={100} precision={0} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('bankStatements.reason')}
          required
          rules={[schemaRule(bankBulkConfirmSchema.shape.reason)]}
        >
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Modal>
    </>
  );
}
