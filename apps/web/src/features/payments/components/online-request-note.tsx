import { hasPermissions } from '@dnx/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user';

/** A payment made of an online request (accepted in online-payment): the way back to it. */
export function OnlineRequestNote({ request }: { request: number }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="payment-online-request"
      message={
        hasPermissions(me?.permissions ?? [], ['view_onlinepayment']) ? (
          <Link to={`/app/online-payment?request=${request}`}>{t('payments.fromOnlineRequest')}</Link>
        ) : (
          t('payments.fromOnlineRequest')
        )
      }
    />
  );
}
