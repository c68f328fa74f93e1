import type { ResourceDefinition } from '@dnx/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RecordMissing } from '../../../components/record-missing';
import { ForbiddenResult, NotFoundResult } from '../../../components/status-pages';
import { useRecord } from '../api/get-record';
import { ResourceForm } from '../components/resource-form';
import { useResourceAccess } from '../resource-access';
import { formTargetOf, fromListState, listPath, resourceParam } from '../resource-routes';

function ResourceFormScreen({ resource, id }: { resource: ResourceDefinition; id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canAdd, canChange } = useResourceAccess(resource);
  const record = useRecord(resource, id);
  const location = useLocation();
  // Back to the list as it was left (page, filters, search): the new record shows, or the updated row.
  const back = `${listPath(resource)}${fromListState(location.state)}`;
  const onSaved = () => void navigate(back);
  const title = t(id === null ? 'resources.createTitle' : 'resources.editTitle', { name: resource.singular });
  const body = () => {
    if (!(id === null ? canAdd : canChange)) return <ForbiddenResult />;
    if (id === null) return <ResourceForm resource={resource} onSaved={onSaved} />;
    if (record.isPending) return <PageSkeleton />;
    if (!record.data) return <RecordMissing title={t('resources.loadFailed')} error={record.error} back={back} />;
    return <ResourceForm key={record.data.id} resource={resource} record={record.data} onSaved={onSaved} />;
  };
  return (
    <div data-testid="resource-form-page" data-resource={resource.key}>
      <PageHeader title={title} extra={<BackLink to={back} />} />
      {body()}
    </div>
  );
}

/**
 * The create and edit screen of every resource. `carrier-form/new` creates and `carrier-form/:pk` edits;
 * resources sharing an edit route say which they are with `?resource=`.
 */
export default function ResourceFormPage({ routeKey }: { routeKey: string }) {
  const { pk } = useParams();
  const [params] = useSearchParams();
  const target = formTargetOf(routeKey, pk, params.get(resourceParam));
  if (!target) return <NotFoundResult />;
  return <ResourceFormScreen key={`${target.resource.key}:${target.id ?? 'new'}`} {...target} />;
}
