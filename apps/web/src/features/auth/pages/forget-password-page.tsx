import { MailOutlined } from '@ant-design/icons';
import { forgotEmailProblem } from '@dnx/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { focusFirstError, sharedRule } from '../../../lib/form-rules';
import { useForgotPassword } from '../api/password-recovery';
import { AuthCard } from '../components/auth-card';

/** Spec section 4: the success banner shows for 6 s; the redirect to / comes after 3 s. */
const bannerMs = 6_000;
const redirectMs = 3_000;

export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ email: string }>();
  const forgot = useForgotPassword();
  const [banner, setBanner] = useState<string | null>(null);

  useEffect(() => {
    if (!banner) return;
    const hide = setTimeout(() => setBanner(null), bannerMs);
    const leave = setTimeout(() => void navigate('/'), redirectMs);
    return () => {
      clearTimeout(hide);
      clearTimeout(leave);
    };
  }, [banner, navigate]);

  const onFinish = ({ email }: { email: string }) =>
    forgot.mutate(
      { email: email.trim() },
      {
        onSuccess: (res) => setBanner(res.message),
        onError: (err) => {
          const message =
            err instanceof ApiError
              ? (err.fieldMessage('email') ?? err.fieldMessage('detail') ?? err.message)
              : err.message;
          form.setFields([{ name: 'email', errors: [message] }]);
          focusFirstError(form, ['email'], ['email']);
        },
      },
    );

  return (
    <AuthCard title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')}>
      {banner && (
        <Alert type="success" showIcon message={banner} style={{ marginBottom: 16 }} data-testid="forgot-success" />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} validateTrigger="onSubmit">
        <Form.Item name="email" label={t('auth.email')} rules={[sharedRule(forgotEmailProblem)]}>
          <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={forgot.isPending}>
          {t('auth.send')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/signin">{t('auth.backToSignin')}</Link>
      </div>
    </AuthCard>
  );
}
