import { LockOutlined } from '@ant-design/icons';
import { confirmPasswordProblem, passwordProblem } from '@dnx/shared';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { verifyToken } from '../api/tokens';
import { useResetPassword } from '../api/password-recovery';
import { AuthCard } from '../components/auth-card';
import { focusFirstError, sharedRule } from '../../../lib/form-rules';

const redirectMs = 3_000;

interface ResetValues {
  password: string;
  confirm_password: string;
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  // The link is checked on open; the page waits until it is known to be valid or not.
  const validity = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => verifyToken(token),
    staleTime: Infinity,
  });
  const reset = useResetPassword(token);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!done) return;
    const leave = setTimeout(() => void navigate('/signin', { replace: true }), redirectMs);
    return () => clearTimeout(leave);
  }, [done, navigate]);

  if (validity.isPending) {
    return (
      <AuthCard title={t('auth.resetTitle')}>
        <Spin tip={t('auth.checkingLink')} data-testid="reset-pending">
          <div style={{ height: 80 }} />
        </Spin>
      </AuthCard>
    );
  }
  if (validity.data !== true) return <Navigate to="/signin" replace />;

  const onFinish = (values: ResetValues) => {
    setFailure(null);
    reset.mutate(values, {
      onSuccess: (res) => setDone(res.message),
      onError: (err) => {
        if (err instanceof ApiError) {
          const fields = (['password', 'confirm_password'] as const).filter((name) => err.fieldMessage(name));
          form.setFields(fields.map((name) => ({ name, errors: [err.fieldMessage(name)!] })));
          focusFirstError(form, fields, ['password', 'confirm_password']);
          setFailure(err.fieldMessage('detail') ?? err.fieldMessage('token') ?? (fields.length ? null : err.message));
        } else setFailure(err.message);
      },
    });
  };

  return (
    <AuthCard title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')}>
      {/* A directory's account has no password here (issue 59): the server refuses its reset with the same words. */}
      <Alert
        type="info"
        showIcon
        message={t('directory.resetNote')}
        style={{ marginBottom: 16 }}
        data-testid="reset-directory-note"
      />
      {done && (
        <Alert type="success" showIcon message={done} style={{ marginBottom: 16 }} data-testid="reset-success" />
      )}
      {failure && (
        <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="reset-error" />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} validateTrigger="onSubmit">
        <Form.Item name="password" label={t('auth.newPassword')} rules={[sharedRule(passwordProblem)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) =>
              sharedRule((confirm) => confirmPasswordProblem(String(getFieldValue('password') ?? ''), confirm)),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending} disabled={!!done}>
          {t('auth.resetSubmit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/signin">{t('auth.backToSignin')}</Link>
      </div>
    </AuthCard>
  );
}
