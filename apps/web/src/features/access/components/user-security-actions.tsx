import { LogoutOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { notifyFailure, notifySuccess } from '../../../lib/notify';

/**
 * An administrator's actions on someone's access (issue 27): end every session (a dismissal), and reset the second
 * factor (never read; the person is told by mail). A reset asks the administrator's own step-up first.
 */
export function UserSecurityActions({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const act = (name: string, path: string) => async () => {
    setBusy(name);
    try {
      await apiRequest(path, { method: 'POST' });
      notifySuccess();
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Popconfirm
        title={t('users.endSessionsConfirm')}
        okText={t('users.endSessions')}
        cancelText={t('list.cancel')}
        onConfirm={act('sessions', `/api/user/users/${userId}/end-sessions/`)}
      >
        <Button icon={<LogoutOutlined />} loading={busy === 'sessions'} data-testid="user-end-sessions">
          {t('users.endSessions')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('users.mfaResetConfirm')}
        okText={t('users.mfaReset')}
        cancelText={t('list.cancel')}
        onConfirm={act('mfa', `/api/user/users/${userId}/mfa-reset/`)}
      >
        <Button icon={<SafetyOutlined />} danger loading={busy === 'mfa'} data-testid="user-mfa-reset">
          {t('users.mfaReset')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
