import { SafetyOutlined } from '@ant-design/icons';
import { formatDateTime, mfaMessages, type Passkey } from '@dnx/shared';
import { Button, Card, Form, Input, List, Modal, Popconfirm, Space, Tag, Typography, type InputRef } from 'antd';
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeysSupported } from '../../auth/api/passkeys';
import { RecoveryCodesView, TotpEnrolmentForm } from '../../auth/components/second-factor';
import { ApiError } from '../../../lib/api-client';
import { focusWhenOpened } from '../../../lib/dialog-focus';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import {
  useMfaRefresh,
  useMfaStatus,
  useNewRecoveryCodes,
  useRegisterPasskey,
  useRemovePasskey,
  useRemoveTotp,
} from '../api/mfa';

/**
 * The profile's second factor (issue 27): the authenticator app and the passkeys the user has, recovery codes left;
 * the app's enrolment (QR code, key, first code), a new passkey under a name, the recovery codes shown once when
 * they come; new recovery codes; removing a factor, unless it is the last one and a group requires one.
 */
export function MfaCard() {
  const { t } = useTranslation();
  const status = useMfaStatus();
  const refresh = useMfaRefresh();
  const newCodes = useNewRecoveryCodes();
  const removeTotp = useRemoveTotp();
  const removePasskey = useRemovePasskey();
  const [dialog, setDialog] = useState<'totp' | 'passkey' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const passkeyName = useRef<InputRef>(null);
  const data = status.data;
  const factors = data ? (data.totp ? 1 : 0) + data.passkeys.length : 0;
  // The last factor of a user whose group requires one stays.
  const removable = data ? !data.required || factors > 1 : false;
  const close = () => {
    setCodes(null);
    setDialog(null);
  };

  return (
    <Card
      title={
        <Space>
          <SafetyOutlined aria-hidden />
          {t('profile.mfaTitle')}
        </Space>
      }
      data-testid="profile-mfa"
    >
      {data && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <div>
            {factors > 0 ? (
              <Tag color="green">{t('profile.mfaOnShort')}</Tag>
            ) : (
              <Tag color={data.required ? 'red' : 'default'}>{t('profile.mfaOff')}</Tag>
            )}
            {data.required && <Typography.Text type="secondary">{t('profile.mfaRequired')}</Typography.Text>}
          </div>
          {data.totp && <Typography.Text>{t('profile.mfaOn')}</Typography.Text>}
          {factors > 0 && (
            <Typography.Text>{t('profile.mfaCodesLeft', { count: data.recovery_codes_left })}</Typography.Text>
          )}
          <Space wrap>
            {!data.totp && (
              <Button type="primary" onClick={() => setDialog('totp')} data-testid="mfa-enrol">
                {t('profile.mfaEnrol')}
              </Button>
            )}
            {passkeysSupported() && (
              <Button onClick={() => setDialog('passkey')} data-testid="passkey-add">
                {t('profile.passkeyAdd')}
              </Button>
            )}
            {factors > 0 && (
              <Button
                loading={newCodes.isPending}
                onClick={() => newCodes.mutateAsync().then((answer) => setCodes(answer.recovery_codes), notifyFailure)}
                data-testid="mfa-new-codes"
              >
                {t('profile.mfaNewCodes')}
              </Button>
            )}
            {data.totp && removable && (
              <Popconfirm
                title={t(factors > 1 ? 'profile.totpRemoveConfirm' : 'profile.mfaRemoveConfirm')}
                okText={t('profile.mfaRemove')}
                cancelText={t('list.cancel')}
                onConfirm={() => removeTotp.mutateAsync().then(notifySuccess, notifyFailure)}
              >
                <Button danger loading={removeTotp.isPending} data-testid="mfa-remove">
                  {t('profile.mfaRemove')}
                </Button>
              </Popconfirm>
            )}
          </Space>
          {data.passkeys.length > 0 && (
            <List
              header={<Typography.Text strong>{t('profile.passkeysTitle')}</Typography.Text>}
              dataSource={data.passkeys}
              data-testid="passkeys"
              renderItem={(key: Passkey) => (
                <List.Item
                  data-testid={`passkey-${key.id}`}
                  actions={
                    removable
                      ? [
                          <Popconfirm
                            key="remove"
                            title={t(factors > 1 ? 'profile.passkeyRemoveConfirm' : 'profile.mfaRemoveConfirm')}
                            okText={t('profile.passkeyRemove')}
                            cancelText={t('list.cancel')}
                            onConfirm={() => removePasskey.mutateAsync(key.id).then(notifySuccess, notifyFailure)}
                          >
                            <Button
                              size="small"
                              danger
                              loading={removePasskey.isPending && removePasskey.variables === key.id}
                              aria-label={`${t('profile.passkeyRemove')}: ${key.name}`}
                            >
                              {t('profile.passkeyRemove')}
                            </Button>
                          </Popconfirm>,
                        ]
                      : []
                  }
                >
                  <List.Item.Meta
                    title={key.name}
                    description={
                      <Typography.Text type="secondary">
                        {t('profile.passkeyDetails', {
                          created: formatDateTime(key.created_at),
                          used: key.last_used_at ? formatDateTime(key.last_used_at) : '—',
                        })}
                      </Typography.Text>
                    }
                  />
                </List.Item>
              )}
            />
          )}
        </Space>
      )}
      <Modal
        open={dialog !== null || codes !== null}
        title={
          codes ? t('auth.mfaRecoveryTitle') : dialog === 'passkey' ? t('profile.passkeyAdd') : t('profile.mfaEnrol')
        }
        footer={null}
        destroyOnHidden
        // Closing while the codes show is allowed only through their button: they are not shown again.
        closable={codes === null}
        maskClosable={false}
        onCancel={close}
        afterOpenChange={(open) => focusWhenOpened(open, passkeyName.current)}
      >
        {codes ? (
          <RecoveryCodesView codes={codes} onContinue={close} />
        ) : dialog === 'passkey' ? (
          <PasskeyForm
            nameField={passkeyName}
            onDone={(answer) => {
              void refresh();
              if (answer) setCodes(answer);
              else close();
            }}
          />
        ) : (
          <TotpEnrolmentForm
            onDone={(answer) => {
              void refresh();
              if (answer.recovery_codes.length > 0) setCodes(answer.recovery_codes);
              else close();
            }}
          />
        )}
      </Modal>
    </Card>
  );
}

/** A new passkey: its name, then the browser's dialog; `onDone` gets the recovery codes when it was the first factor. */
function PasskeyForm({
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
