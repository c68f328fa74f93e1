import { type OnlinePaymentRequest } from '@dnx/shared';
import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { useDecidePaymentRequest } from '../api/online-payments';
import { useDecisionState } from './use-decision-state';

/** The payment screen's form of a payment (`fn-payment?form={id}`), as its list opens one. */
export const paymentPath = (id: number) => `/app/fn-payment?form=${id}`;

/**
 * The staff's decision on a request for marks: accept (after a confirmation, then the payment it made is offered)
 * or reject with a reason; a refused decision's reasons stay on the screen until the next attempt.
 */
export function usePaymentDecision(request: OnlinePaymentRequest) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const decide = useDecidePaymentRequest();
  const [modal, modalHolder] = Modal.useModal();
  const { rejecting, setRejecting, problem, setProblem, refused, rejectWith } = useDecisionState(request.id);
  /** Once accepted, the payment it made is offered at once. */
  const offerPayment = (paymentId: number) =>
    modal.confirm({
      title: t('online.acceptedTitle'),
      content: t('online.acceptedText', { id: paymentId }),
      okText: t('online.openPayment'),
      cancelText: t('online.later'),
      okButtonProps: { 'data-testid': 'online-open-payment-now' } as ButtonProps,
      onOk: () => navigate(paymentPath(paymentId)),
    });

  const accept = () =>
    modal.confirm({
      title: t('online.acceptTitle'),
      content: t('online.acceptText'),
      okText: t('online.accept'),
      cancelText: t('list.cancel'),
      okButtonProps: { 'data-testid': 'online-accept-confirm' } as ButtonProps,
      // A 409 (decided meanwhile) or a 400 (no free form for a vehicle) says why; the request is read again.
      onOk: () => {
        setProblem(null);
        return decide.mutateAsync({ action: 'accept', id: request.id }).then((accepted) => {
          notifySuccess();
          if (accepted.payment !== null) offerPayment(accepted.payment);
        }, refused);
      },
    });

  const reject = (reason: string, fail: (error: unknown) => boolean) =>
    rejectWith((callbacks) => decide.mutate({ action: 'reject', id: request.id, body: { reason } }, callbacks), fail);

  return { modalHolder, accept, reject, rejecting, setRejecting, problem, setProblem, pending: decide.isPending };
}
