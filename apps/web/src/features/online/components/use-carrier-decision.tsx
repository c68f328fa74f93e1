import type { OnlineCarrier } from '@dnx/shared';
import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useDecideCarrier } from '../api/online-carriers';
import { ApproveSummary } from './approve-summary';
import { useDecisionState } from './use-decision-state';

/**
 * The staff's decision on a carrier's request: approve (after a confirmation saying what it does) or reject with a
 * reason; a refused decision's reasons stay on the screen until the next attempt.
 */
export function useCarrierDecision(carrier: OnlineCarrier) {
  const { t } = useTranslation();
  const decide = useDecideCarrier();
  const [modal, modalHolder] = Modal.useModal();
  const { rejecting, setRejecting, problem, setProblem, refused, rejectWith } = useDecisionState(carrier.id);
  const approve = () =>
    modal.confirm({
      title: t('online.approveTitle'),
      content: <ApproveSummary carrier={carrier} />,
      okText: t('online.approve'),
      cancelText: t('list.cancel'),
      width: 560,
      okButtonProps: { 'data-testid': 'online-approve-confirm' } as ButtonProps,
      // A 409 (decided meanwhile) says so; the request is read again either way.
      onOk: () => {
        setProblem(null);
        return decide.mutateAsync({ action: 'approve', id: carrier.id }).then(notifySuccess, refused);
      },
    });

  const reject = (reason: string, fail: (error: unknown) => boolean) =>
    rejectWith((callbacks) => decide.mutate({ action: 'reject', id: carrier.id, body: { reason } }, callbacks), fail);

  return { modalHolder, approve, reject, rejecting, setRejecting, problem, setProblem, pending: decide.isPending };
}
