import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RecordMissing } from '../../../components/record-missing';
import { routeId } from '../../../lib/route-params';
import { useBatch } from '../api/batches';
import { BatchForm } from '../components/batch-form';

/** `new-fn-edit/:pk`: a batch while every form of it is still new (the server answers 409 otherwise). */
export default function NewFnEditPage() {
  const { t } = useTranslation();
  const id = routeId(useParams().pk);
  const batch = useBatch(id);
  return (
    <div data-testid="new-fn-edit-page">
      <PageHeader title={t('routes.new-fn-edit')} extra={<BackLink to="/app/new-fn" />} />
      {batch.isPending && id !== null ? (
        <PageSkeleton />
      ) : batch.data ? (
        <BatchForm key={batch.data.id} batch={batch.data} />
      ) : (
        <RecordMissing title={t('fn.batchMissing')} error={batch.error} back="/app/new-fn" />
      )}
    </div>
  );
}
