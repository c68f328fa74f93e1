import { profilePhoneSchema } from '@dnx/shared';
import { Button, Card, Col, Descriptions, Form, Input, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { schemaRules, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { confirmPasswordRule, passwordRule } from '../../../lib/password-rules';
import { useCurrentUser } from '../../../lib/current-user';
import { useChangePassword, type PasswordChange } from '../api/change-password';
import { useChangePhone } from '../api/change-phone';
import { MfaCard } from '../components/mfa-card';
import { SessionsCard } from '../components/sessions-card';

const phoneRules = schemaRules(profilePhoneSchema.shape);

function PhoneForm({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phone: string }>();
  const change = useChangePhone();
  const unsaved = useUnsavedChanges(form);
  return (
    <Card title={t('profile.phoneTitle')} style={{ height: '100%' }}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ phone }}
        data-testid="profile-phone-form"
        onFinish={({ phone: next }) =>
          change.mutate(
            { phone: next.trim() },
            {
              onSuccess: () => {
                notifySuccess();
                unsaved.markSaved();
              },
              onError: (error) => {
                if (showServerErrors(form, error, ['phone']).length === 0) notifyFailure(error);
              },
            },
          )
        }
      >
        <Form.Item name="phone" label={t('profile.phone')} required rules={phoneRules.phone}>
          <Input placeholder="+994501234567" inputMode="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('profile.savePhone')}
        </Button>
      </Form>
    </Card>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordChange>();
  const change = useChangePassword();
  // A password typed and not yet changed: leaving asks first; the change resets the form.
  useUnsavedChanges(form);
  return (
    <Card title={t('profile.passwordTitle')} style={{ height: '100%' }}>
      <Form
        form={form}
        layout="vertical"
        data-testid="profile-password-form"
        onFinish={(values) =>
          change.mutate(values, {
            onSuccess: () => {
              notifySuccess();
              form.resetFields();
            },
            onError: (error) => {
              const fields = ['oldPassword', 'newPassword', 'confirmNewPassword'];
              if (showServerErrors(form, error, fields).length === 0) notifyFailure(error);
            },
          })
        }
      >
        <Form.Item
          name="oldPassword"
          label={t('profile.oldPassword')}
          required
          rules={[{ required: true, whitespace: false, message: t('passwordRules.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('profile.newPassword')} required rules={[passwordRule(t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmNewPassword"
          label={t('profile.confirmNewPassword')}
          required
          dependencies={['newPassword']}
          rules={[({ getFieldValue }) => confirmPasswordRule(t, () => getFieldValue('newPassword'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('profile.savePassword')}
        </Button>
      </Form>
    </Card>
  );
}

/** `user-profile`: every signed-in user changes their own phone and password. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <div data-testid="profile-page">
      <PageHeader title={t('routes.user-profile')} />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('users.fullName')}>
            {user ? `${user.first_name} ${user.last_name}`.trim() : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('users.email')}>{user?.email}</Descriptions.Item>
          <Descriptions.Item label={t('users.groups')}>
            {user?.groups.map((g) => (
              <Tag key={g.id} color="blue">
                {g.name}
              </Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          {user && <PhoneForm phone={user.phone} />}
        </Col>
        <Col xs={24} lg={12}>
          <PasswordForm />
        </Col>
        <Col xs={24} lg={12}>
          <MfaCard />
        </Col>
        <Col xs={24} lg={12}>
          <SessionsCard />
        </Col>
      </Row>
    </div>
  );
}
