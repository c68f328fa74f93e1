import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { BatchForm } from '../components/batch-form';

/** `new-fn-create`: a new batch of forms issued to an operator. */
export default function NewFnCreatePage() {
  const { t } = useTranslation();
  return (
    <div data-testid="new-fn-create-page">
      <PageHeader title={t('routes.new-fn-create')} extra={<BackLink to="/app/new-fn" />} />
      <BatchForm />
    </div>
  );
}
