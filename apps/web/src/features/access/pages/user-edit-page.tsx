import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { routeId } from '../../../lib/route-params';
import { useUser } from '../api/get-user';
import { BackLink } from '../../../components/back-link';
import { RecordMissing } from '../../../components/record-missing';
import { UserForm } from '../components/user-form';
import { UserSecurityActions } from '../components/user-security-actions';

/** `user-edit/:pk`: the same three steps, filled from the account; the password stays empty unless changed. */
export default function UserEditPage() {
  const { t } = useTranslation();
  const id = routeId(useParams().pk);
  const user = useUser(id);
  return (
    <div data-testid="user-edit-page">
      <PageHeader
        title={t('routes.user-edit')}
        extra={
          <>
            {user.data && <UserSecurityActions userId={user.data.id} />}
            <BackLink to="/app/users" />
          </>
        }
      />
      {user.isPending && id !== null ? (
        <PageSkeleton />
      ) : user.data ? (
        <UserForm key={user.data.id} user={user.data} />
      ) : (
        <RecordMissing title={t('users.loadFailed')} error={user.error} back="/app/users" />
      )}
    </div>
  );
}
