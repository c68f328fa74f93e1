import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { routeId } from '../../../lib/route-params';
import { useGroup } from '../api/get-group';
import { BackLink } from '../../../components/back-link';
import { GroupForm } from '../components/group-form';
import { RecordMissing } from '../../../components/record-missing';

/** `user-groups-edit/:pk`: a group's name and permissions; role groups show read-only. */
export default function GroupEditPage() {
  const { t } = useTranslation();
  const id = routeId(useParams().pk);
  const group = useGroup(id);
  return (
    <div data-testid="group-edit-page">
      <PageHeader title={t('routes.user-groups-edit')} extra={<BackLink to="/app/user-groups" />} />
      {group.isPending && id !== null ? (
        <PageSkeleton />
      ) : group.data ? (
        <GroupForm key={group.data.id} group={group.data} />
      ) : (
        <RecordMissing title={t('groups.loadFailed')} error={group.error} back="/app/user-groups" />
      )}
    </div>
  );
}
