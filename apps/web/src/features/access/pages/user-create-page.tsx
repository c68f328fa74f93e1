import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { BackLink } from '../../../components/back-link';
import { UserForm } from '../components/user-form';

/** `user-create`: a new account through the three steps; after the save the list shows it. */
export default function UserCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="user-create-page">
      <PageHeader title={t('routes.user-create')} extra={<BackLink to="/app/users" />} />
      <UserForm onCreated={() => void navigate('/app/users')} />
    </div>
  );
}
