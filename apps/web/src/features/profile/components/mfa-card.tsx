import { SafetyOutlined } from '@ant-design/icons';
import { Button, Card, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecoveryCodesView, TotpEnrolmentForm } from '../../auth/components/second-factor';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useMfaRefresh, useMfaStatus, useNewRecoveryCodes, useRemoveTotp } from '../api/mfa';

/**
 * The profile's second factor (issue 27): whether an authenticator app is on, its recovery codes left, enrolment
 * (QR code, key, first code, then the codes shown once), new recovery codes, and turning it off when no group
 * requires it.
 */
export function MfaCard() {
  const { t } = useTranslation();
  const status = useMfaStatus();
  const refresh = useMfaRefresh();
  const newCodes = useNewRecoveryCodes();
  const remove = useRemoveTotp();
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const data = status.data;

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
            {data.totp ? (
              <Tag color="green">{t('profile.mfaOn')}</Tag>
            ) : (
              <Tag color={data.required ? 'red' : 'default'}>{t('profile.mfaOff')}</Tag>
            )}
            {data.required && <Typography.Text type="secondary">{t('profile.mfaRequired')}</Typography.Text>}
          </div>
          {data.totp && (
            <Typography.Text>{t('profile.mfaCodesLeft', { count: data.recovery_codes_left })}</Typography.Text>
          )}
          <Space wrap>
            {!data.totp && (
              <Button type="primary" onClick={() => setEnrolling(true)} data-testid="mfa-enrol">
                {t('profile.mfaEnrol')}
              </Button>
            )}
            {data.totp && (
              <Button
                loading={newCodes.isPending}
                onClick={() => newCodes.mutateAsync().then((answer) => setCodes(answer.recovery_codes), notifyFailure)}
                data-testid="mfa-new-codes"
              >
                {t('profile.mfaNewCodes')}
              </Button>
            )}
            {data.totp && !data.required && (
              <Popconfirm
                title={t('profile.mfaRemoveConfirm')}
                okText={t('profile.mfaRemove')}
                cancelText={t('list.cancel')}
                onConfirm={() => remove.mutateAsync().then(notifySuccess, notifyFailure)}
              >
                <Button danger loading={remove.isPending} data-testid="mfa-remove">
                  {t('profile.mfaRemove')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Space>
      )}
      <Modal
        open={enrolling || codes !== null}
        title={codes ? t('auth.mfaRecoveryTitle') : t('profile.mfaEnrol')}
        footer={null}
        destroyOnHidden
        // Closing while the codes show is allowed only through their button: they are not shown again.
        closable={codes === null}
        maskClosable={false}
        onCancel={() => setEnrolling(false)}
      >
        {codes ? (
          <RecoveryCodesView
            codes={codes}
            onContinue={() => {
              setCodes(null);
              setEnrolling(false);
            }}
          />
        ) : (
          <TotpEnrolmentForm
            onDone={(answer) => {
              setCodes(answer.recovery_codes);
              void refresh();
            }}
          />
        )}
      </Modal>
    </Card>
  );
}
