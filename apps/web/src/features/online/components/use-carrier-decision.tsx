import type { OnlineCarrier } from '@dnx/shared';
import { Modal, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { focusPageHeading } from '../../../lib/page-focus';
import { useDecideCarrier } from '../api/online-carriers';
import { ApproveSummary } from './approve-summary';
import { decisionProblem } from './decision-problem';

/**
 * The staff's decision on a carrier's request: approve (after a confirmation saying what it does) or reject with a
 * reason; a refused decision's reasons stay on the screen until the next attempt.
 */
export function useCarrierDecision(carrier: OnlineCarrier) {
  const { t } = useTranslation();
  const decide = useDecideCarrier();
  const [modal, modalHolder] = Modal.useModal();
  const [rejecting, setRejecting] = useState(false);
  // Opening a request changes only the address's query, which moves no focus: its heading takes it here.
  useEffect(() => focusPageHeading(), [carrier.id]);
  // A refused decision's reasons (a vehicle without a free form) stay on the screen until the next attempt.
  const [problem, setProblem] = useState<string[] | null>(null);
  const refused = (error: unknown) => {
    setProblem(decisionProblem(error));
    notifyFailure(error);
  };
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
    decide.mutate(
      { action: 'reject', id: carrier.id, body: { reason } },
      {
        onSuccess: () => {
          notifySuccess();
          setRejecting(false);
        },
        onError: (error) => {
          if (!fail(error)) {
            refused(error);
            setRejecting(false);
          }
        },
      },
    );

  return { modalHolder, approve, reject, rejecting, setRejecting, problem, setProblem, pending: decide.isPending };
}
