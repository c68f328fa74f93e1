import { fnVoidSchema } from '@dnx/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/reason-dialog';
import { failureMessage, notifyFailure, notifySuccess } from '../../../lib/notify';
import { useFnForm } from '../api/forms';
import { useVoidForm } from '../api/void';

/** Voids one form (new, active or shared) with a required reason; the form keeps its row and number. */
export function VoidDialog({ formId, onClose }: { formId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const record = useFnForm(formId);
  const voidForm = useVoidForm();
  const name = record.data ? `${record.data.series} ${record.data.number}` : '';

  const onSubmit = (reason: string, fail: (error: unknown) => boolean) => {
    if (formId === null) return;
    voidForm.mutate(
      { id: formId, reason },
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
      open={formId !== null}
      title={name ? t('fn.voidTitle', { name }) : t('fn.void')}
      okText={t('fn.void')}
      text={t('fn.voidText')}
      label={t('fn.reason')}
      reasonSchema={fnVoidSchema.shape.reason}
      maxLength={500}
      pending={voidForm.isPending}
      okDisabled={!record.isSuccess}
      problem={record.isError ? <Alert type="error" showIcon message={failureMessage(record.error)} /> : undefined}
      testId="fn-void-form"
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}
