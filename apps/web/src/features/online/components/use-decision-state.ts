import { useEffect, useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { focusPageHeading } from '../../../lib/page-focus';
import { decisionProblem } from './decision-problem';

/** What a reject's mutation is told: close the dialog on success; on an error, keep it for its own fields or not. */
interface RejectCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/**
 * What the decisions on an online request share (a carrier's or a payment's): the reject dialog's state, the refused
 * decision's reasons kept on the screen until the next attempt, and the heading taking the focus when a request opens
 * (opening one changes only the address's query, which moves no focus).
 */
export function useDecisionState(requestId: number) {
  const [rejecting, setRejecting] = useState(false);
  useEffect(() => focusPageHeading(), [requestId]);
  const [problem, setProblem] = useState<string[] | null>(null);
  const refused = (error: unknown) => {
    setProblem(decisionProblem(error));
    notifyFailure(error);
  };
  /** Runs a reject: the dialog closes when it succeeds, and stays for an error its own fields show (`fail`). */
  const rejectWith = (run: (callbacks: RejectCallbacks) => void, fail: (error: unknown) => boolean) =>
    run({
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
    });
  return { rejecting, setRejecting, problem, setProblem, refused, rejectWith };
}
