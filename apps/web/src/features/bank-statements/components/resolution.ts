import type { BankDifferenceKind, BankMatchState } from '@dnx/shared';

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

export interface ResolutionForm {
  action: 'link' | 'not_ours';
  payment_id?: number | null;
  reason: string;
}

/** The request's body from the dialog's values: a payment only for a link, the reason as typed. */
export function resolutionBody(values: ResolutionForm, claimed: number | null) {
  const paymentId = values.action === 'link' ? (values.payment_id ?? claimed) : null;
  return { action: values.action, payment_id: paymentId ?? null, reason: values.reason };
}
