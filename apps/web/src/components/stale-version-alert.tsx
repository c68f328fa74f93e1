import { isStaleVersionBody, versionMessages } from '@dnx/shared';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/** A save refused because someone else saved the record after this form loaded it (409 `stale_version`). */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && isStaleVersionBody(error.body);
}

/**
 * Says the record changed meanwhile and offers to reload it: `onReload` fetches the fresh record and resets
 * the form to it, so the editor sees the other person's values before saving again.
 */
export function StaleVersionAlert({ onReload }: { onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    setReloading(true);
    void onReload().finally(() => setReloading(false));
  };
  return (
    <Alert
      type="warning"
      showIcon
      message={versionMessages.stale}
      style={{ marginBottom: 16 }}
      data-testid="stale-version-alert"
      action={
        <Button type="primary" size="small" loading={reloading} onClick={reload} data-testid="stale-version-reload">
          {t('common.reload')}
        </Button>
      }
    />
  );
}
