import type { User } from '@dnx/shared';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useChangeUserStatus } from '../api/change-user-status';

/** The active switch of a users row: `change-account-status`, with the spec's toasts. */
export function UserStatusSwitch({ user, disabled }: { user: User; disabled?: boolean }) {
  const { t } = useTranslation();
  const change = useChangeUserStatus();
  const pending = change.isPending && change.variables?.id === user.id;
  const checked = pending ? Boolean(change.variables?.is_active) : user.is_active;
  return (
    <Switch
      checked={checked}
      loading={pending}
      disabled={disabled}
      checkedChildren={t('users.active')}
      unCheckedChildren={t('users.inactive')}
      aria-label={`${t('users.toggleStatus')}: ${user.email}`}
      data-testid={`user-status-${user.id}`}
      onChange={(is_active) =>
        change.mutate({ id: user.id, is_active }, { onSuccess: notifySuccess, onError: notifyFailure })
      }
    />
  );
}
