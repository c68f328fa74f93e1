import type { PermissionCode } from '../access/permissions';
import type { RoleLetter } from '../access/roles';
import { paymentMessages } from './messages';

/** Payment status codes (spec section 4, decisions.md section 4). */
export const paymentStatuses = [
  { code: 1, key: 'under_review', label: 'Baxılmaqdadır' },
  { code: 2, key: 'awaiting_payment', label: 'Ödəniş gözlənilir' },
  { code: 3, key: 'paid', label: 'Ödənilib' },
  { code: 4, key: 'cancelled', label: 'Ləğv edilib' },
] as const;

export type PaymentStatus = (typeof paymentStatuses)[number]['code'];
export const paymentStatusCodes = paymentStatuses.map((s) => s.code) as [PaymentStatus, ...PaymentStatus[]];

export const PaymentStatusCode = { underReview: 1, awaitingPayment: 2, paid: 3, cancelled: 4 } as const;

export function paymentStatusLabel(code: number): string {
  return paymentStatuses.find((s) => s.code === code)?.label ?? String(code);
}

/** The roles of the fn-payment screen (spec section 6): who may build payments and move them. */
export const paymentRoles: readonly RoleLetter[] = ['A', 'D', 'B', 'F', 'E'];

/** Permissions of the payment endpoints: reading, creating, and editing or moving a payment. */
export const paymentPermissions = {
  view: 'view_payment',
  create: 'add_payment',
  change: 'change_payment',
} as const satisfies Record<string, PermissionCode>;

export type PaymentAction = 'submit' | 'pay' | 'cancel';

export interface PaymentTransition {
  action: PaymentAction;
  from: PaymentStatus;
  to: PaymentStatus;
  /** What the endpoint requires; the roles of `paymentRoles` hold it. */
  permission: PermissionCode;
}

/** Every allowed move: 1->2, 1->4, 2->3, 2->4. Anything else is a 409 with `transitionRefused`. */
export const paymentTransitions: readonly PaymentTransition[] = [
  { action: 'submit', from: 1, to: 2, permission: paymentPermissions.change },
  { action: 'cancel', from: 1, to: 4, permission: paymentPermissions.change },
  { action: 'pay', from: 2, to: 3, permission: paymentPermissions.change },
  { action: 'cancel', from: 2, to: 4, permission: paymentPermissions.change },
];

/** The transition an action makes from a status, or null when the status does not allow it. */
export function findTransition(from: number, action: PaymentAction): PaymentTransition | null {
  return paymentTransitions.find((t) => t.from === from && t.action === action) ?? null;
}

export function canMove(from: number, to: number): boolean {
  return paymentTransitions.some((t) => t.from === from && t.to === to);
}

/** The actions a payment in a status allows (the list's buttons). */
export function actionsOf(status: number): PaymentAction[] {
  return paymentTransitions.filter((t) => t.from === status).map((t) => t.action);
}

/** The 409 text of a refused move, naming both statuses. */
export function transitionRefusedMessage(from: number, action: PaymentAction): string {
  const target = { submit: 2, pay: 3, cancel: 4 }[action];
  return paymentMessages.transitionRefused(paymentStatusLabel(from), paymentStatusLabel(target));
}

/** Validity a carrier may buy, in months (decisions.md section 3). */
export const validityMonths = [1, 3, 6, 12] as const;
export type ValidityMonths = (typeof validityMonths)[number];
