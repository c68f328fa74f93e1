import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { BackLink } from '../../../components/back-link';
import { GroupForm } from '../components/group-form';

/** `user-groups-create`: after the save the list shows the new group. */
export default function GroupCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="group-create-page">
      <PageHeader title={t('routes.user-groups-create')} extra={<BackLink to="/app/user-groups" />} />
      <GroupForm onSaved={() => void navigate('/app/user-groups')} />
    </div>
  );
}
