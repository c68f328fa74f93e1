import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RecordMissing } from '../../../components/record-missing';
import { usePayment } from '../api/payments';
import { PaymentsList } from './payments-list';

// The form and the printable view are chunks of their own: the list's first screen does not carry them (issue 60).
const PaymentForm = lazy(() => import('../components/payment-form').then((m) => ({ default: m.PaymentForm })));
const PaymentView = lazy(() => import('./payment-view').then((m) => ({ default: m.PaymentView })));

/** `?form=new` creates a payment, `?form={id}` edits one under review (docs/decisions/0031-payment-screens.md). */
function EditPayment({ id }: { id: number }) {
  const { t } = useTranslation();
  const payment = usePayment(id);
  if (payment.isPending) return <PageSkeleton />;
  if (payment.isError)
    return <RecordMissing title={t('payments.notFound')} error={payment.error} back="/app/fn-payment" />;
  // Keyed by the payment: a reload after a stale save refreshes the form in place (PaymentForm's reload).
  return <PaymentForm payment={payment.data} key={payment.data.id} />;
}

/** `fn-payment`: the payments list, and on the same route the payment form and the payment's printable view. */
export default function PaymentsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = params.get('form');
  const id = target && /^\d+$/.test(target) ? Number(target) : null;
  const view = params.get('view');
  if (view !== null && /^\d+$/.test(view)) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <PaymentView id={Number(view)} />
      </Suspense>
    );
  }
  if (target !== null) {
    return (
      <div data-testid="payment-form-page">
        <BackLink to="/app/fn-payment" />
        <PageHeader title={id === null ? t('payments.createTitle') : t('payments.editTitle', { id })} />
        <Suspense fallback={<PageSkeleton />}>{id === null ? <PaymentForm /> : <EditPayment id={id} />}</Suspense>
      </div>
    );
  }
  return (
    <div data-testid="fn-payment-page">
      <PageHeader title={t('routes.fn-payment')} />
      <PaymentsList />
    </div>
  );
}
