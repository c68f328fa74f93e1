import { isEmail, userMessages, type User } from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, Row } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { confirmPasswordRule, passwordRule } from '../../../lib/password-rules';
import { emailTakenQuery } from '../api/check-email';
import { useSendPasswordReset } from '../api/send-password-reset';
import { fields } from './user-form-values';

/** An address another account has is refused under the field as it is typed (the server refuses it on save too). */
function useEmailTakenRule(currentEmail: string | undefined): RuleObject {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      validator: async (_rule, value: unknown) => {
        const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
        if (!email || !isEmail(email) || email === currentEmail) return;
        // When the check itself fails the server still refuses a taken address on save, under this field.
        const taken = await queryClient.fetchQuery(emailTakenQuery(email)).catch(() => false);
        if (taken) throw new Error(userMessages.emailTaken);
      },
    }),
    [queryClient, currentEmail],
  );
}

/** The account step: the address, and the password (set by the top administrator) or a reset link mailed. */
export function UserAccountStep({ user, setsPassword }: { user?: User; setsPassword: boolean }) {
  const { t } = useTranslation();
  const editing = Boolean(user);
  const emailTaken = useEmailTakenRule(user?.email.toLowerCase());
  const confirmRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject =>
    confirmPasswordRule(t, () => getFieldValue('password'), { optional: editing });
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('users.email')}
            required
            validateFirst
            validateDebounce={400}
            hasFeedback
            rules={[schemaRule(fields.email), emailTaken]}
          >
            <Input autoComplete="off" inputMode="email" />
          </Form.Item>
        </Col>
      </Row>
      {setsPassword ? (
        <>
          {editing && <Alert type="info" showIcon message={t('users.passwordEditHint')} style={{ marginBottom: 16 }} />}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="password"
                label={t('users.password')}
                required={!editing}
                rules={[passwordRule(t, { optional: editing })]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="confirm_password"
                label={t('users.confirmPassword')}
                required={!editing}
                dependencies={['password']}
                rules={[confirmRule]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
          </Row>
        </>
      ) : (
        <SendPasswordReset user={user} />
      )}
    </>
  );
}

/** Anyone but the top administrator mails the person a reset link instead of setting the password (issue 10). */
function SendPasswordReset({ user }: { user?: User }) {
  const { t } = useTranslation();
  const sendReset = useSendPasswordReset();
  return (
    <Form.Item label={t('users.password')}>
      <Button
        loading={sendReset.isPending}
        onClick={() =>
          user &&
          sendReset.mutate(user.id, {
            onSuccess: () => notifySuccess(),
            onError: (error) => notifyFailure(error),
          })
        }
        data-testid="send-password-reset"
      >
        {t('users.sendPasswordReset')}
      </Button>
    </Form.Item>
  );
}
