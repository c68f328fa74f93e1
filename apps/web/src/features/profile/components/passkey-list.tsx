import { formatDateTime, type Passkey } from '@dnx/shared';
import { Button, List, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useRemovePasskey } from '../api/mfa';

/** The user's passkeys, when and last used, each removable unless it is the last factor a group requires. */
export function PasskeyList({
  passkeys,
  factors,
  removable,
}: {
  passkeys: Passkey[];
  factors: number;
  removable: boolean;
}) {
  const { t } = useTranslation();
  const removePasskey = useRemovePasskey();
  return (
    <List
      header={<Typography.Text strong>{t('profile.passkeysTitle')}</Typography.Text>}
      dataSource={passkeys}
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
  );
}
