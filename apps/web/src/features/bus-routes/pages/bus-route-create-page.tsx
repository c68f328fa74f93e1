import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { BusRouteForm } from '../components/bus-route-form';
import { listBack } from './list-back';

/** `bus-routes-create`: a new route; saved, the list shows it where it was left. */
export default function BusRouteCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = listBack(useLocation().state);
  return (
    <div data-testid="bus-route-create-page">
      <PageHeader title={t('routes.bus-routes-create')} extra={<BackLink to={back} />} />
      <BusRouteForm onSaved={() => void navigate(back)} />
    </div>
  );
}
