import { mfaMessages } from '@dnx/shared';
import { Button, Form, Input, Typography, type InputRef } from 'antd';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useRegisterPasskey } from '../api/mfa';

/** A new passkey: its name, then the browser's dialog; `onDone` gets the recovery codes when it was the first factor. */
export function PasskeyForm({
  nameField,
  onDone,
}: {
  nameField: RefObject<InputRef | null>;
  onDone: (codes: string[] | undefined) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const register = useRegisterPasskey();
  const onFinish = async ({ name }: { name: string }) => {
    try {
      const answer = await register.mutateAsync(name.trim());
      notifySuccess();
      onDone(answer.recovery_codes);
    } catch (err) {
      const message =
        err instanceof ApiError
          ? (err.fieldMessage('name') ?? err.fieldMessage('webauthn') ?? err.message)
          : t('auth.passkeyCancelled');
      form.setFields([{ name: 'name', errors: [message] }]);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} data-testid="passkey-form">
      <Typography.Paragraph>{t('profile.passkeyText')}</Typography.Paragraph>
      <Form.Item
        name="name"
        label={t('profile.passkeyName')}
        extra={t('profile.passkeyNameHelp')}
        rules={[
          { required: true, whitespace: true, message: mfaMessages.passkeyNameRequired },
          { max: 100, message: mfaMessages.passkeyNameTooLong },
        ]}
      >
        <Input ref={nameField} autoFocus maxLength={100} data-testid="passkey-name" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={register.isPending} data-testid="passkey-save">
        {t('profile.passkeySave')}
      </Button>
    </Form>
  );
}
