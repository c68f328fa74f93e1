import { SafetyOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeysSupported } from '../../../lib/passkeys';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useMfaStatus } from '../../../lib/mfa-status';
import { useNewRecoveryCodes, useRemoveTotp } from '../api/mfa';
import { MfaDialog } from './mfa-dialog';
import { PasskeyList } from './passkey-list';

/**
 * The profile's second factor (issue 27): the authenticator app and the passkeys the user has, recovery codes left;
 * the app's enrolment (QR code, key, first code), a new passkey under a name, the recovery codes shown once when
 * they come; new recovery codes; removing a factor, unless it is the last one and a group requires one.
 */
export function MfaCard() {
  const { t } = useTranslation();
  const status = useMfaStatus();
  const newCodes = useNewRecoveryCodes();
  const removeTotp = useRemoveTotp();
  const [dialog, setDialog] = useState<'totp' | 'passkey' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
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
          {data.passkeys.length > 0 && <PasskeyList passkeys={data.passkeys} factors={factors} removable={removable} />}
        </Space>
      )}
      <MfaDialog dialog={dialog} codes={codes} setCodes={setCodes} close={close} />
    </Card>
  );
}
