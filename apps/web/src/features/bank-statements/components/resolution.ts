import type { BankDifferenceKind, BankMatchState } from '@dnx/shared';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/notify';

/** What a person may resolve: a credit left open (a payment without a credit is resolved from its credit's side). */
export const resolvable = (state: BankMatchState | BankDifferenceKind | null): boolean =>
  state === 'amount_differs' || state === 'no_payment' || state === 'contested';

export const stateColor: Record<BankMatchState | BankDifferenceKind, string> = {
  matched: 'green',
  amount_differs: 'gold',
  no_payment: 'red',
  contested: 'volcano',
  not_ours: 'default',
  no_credit: 'purple',
};

export type ResolutionAction = 'link' | 'not_ours' | 'accept_difference';

/** The entry a person resolves, as the lists give it. */
export interface Resolving {
  id: number;
  payment_id: number | null;
  match_state: BankMatchState | BankDifferenceKind | null;
  /** Resolved by a person already (a link of another amount): only its difference may be accepted. */
  resolved: boolean;
}

/**
 * What a person may do with the entry (issue 56): a link of another amount left open by a person is only accepted with
 * a reason; a credit the matching left `amount_differs` may be accepted too, or linked elsewhere, or not ours.
 */
export function resolutionActions(entry: Resolving): ResolutionAction[] {
  if (entry.match_state === 'amount_differs')
    return entry.resolved ? ['accept_difference'] : ['accept_difference', 'link', 'not_ours'];
  return ['link', 'not_ours'];
}

/** The server's own reason of a refusal (`detail`, or a field's messages), else the usual failure message. */
export function serverReason(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) {
    for (const field of ['detail', 'file', 'payment_id', 'reason', 'action', 'non_field_errors']) {
      const message = error.fieldMessage(field);
      if (message) return message;
    }
  }
  return failureMessage(error);
}

export interface ResolutionForm {
  action: ResolutionAction;
  payment_id?: number | null;
  reason: string;
}

/** The request's body from the dialog's values: a payment only for a link, the reason as typed. */
export function resolutionBody(values: ResolutionForm, claimed: number | null) {
  const paymentId = values.action === 'link' ? (values.payment_id ?? claimed) : null;
  // Accepting a difference takes the payment the credit claims: no payment is sent.
  return { action: values.action, payment_id: paymentId ?? null, reason: values.reason };
}
