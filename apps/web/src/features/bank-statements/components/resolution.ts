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

/** The server's own reason of a refusal (`detail`, or a field's messages), else the usual failure message. */
export function serverReason(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) {
    for (const field of [
      'detail',
      'file',
      'payment_id',
      'payment_ids',
      'reason',
      'action',
      'min_score',
      'non_field_errors',
    ]) {
      const message = error.fieldMessage(field);
      if (message) return message;
    }
  }
  return failureMessage(error);
}
