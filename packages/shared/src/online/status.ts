import type { PermissionCode } from '../access/permissions';

/**
 * The two kinds of online request and their states (issue 14): a carrier's registration (new, approved, rejected)
 * and a request for marks (new, accepted into a payment, rejected). Transitions are data: the server checks them
 * in the transaction that makes the move, the screens show the buttons of the same table.
 */
export const onlineRequestKinds = ['carrier', 'payment'] as const;
export type OnlineRequestKind = (typeof onlineRequestKinds)[number];

export const onlineStatuses = {
  carrier: [
    { code: 1, key: 'new', label: 'Yeni' },
    { code: 2, key: 'approved', label: 'Təsdiqlənib' },
    { code: 3, key: 'rejected', label: 'Rədd edilib' },
  ],
  payment: [
    { code: 1, key: 'new', label: 'Yeni' },
    { code: 2, key: 'accepted', label: 'Ödənişə çevrilib' },
    { code: 3, key: 'rejected', label: 'Rədd edilib' },
  ],
} as const;

export type OnlineStatus = 1 | 2 | 3;
export const onlineStatusCodes = [1, 2, 3] as const;

export function onlineStatusLabel(kind: OnlineRequestKind, code: number): string {
  return onlineStatuses[kind].find((s) => s.code === code)?.label ?? String(code);
}

/** Permissions of the staff endpoints. */
export const onlinePermissions = {
  carrier: { view: 'view_onlinecarrier', change: 'change_onlinecarrier' },
  payment: { view: 'view_onlinepayment', change: 'change_onlinepayment' },
} as const satisfies Record<OnlineRequestKind, { view: PermissionCode; change: PermissionCode }>;

export type OnlineAction = 'approve' | 'accept' | 'reject';

export interface OnlineTransition {
  kind: OnlineRequestKind;
  action: OnlineAction;
  from: OnlineStatus;
  to: OnlineStatus;
  permission: PermissionCode;
}

/** Only a new request is decided, once: approve (carrier) or accept (payment), or reject with a reason. */
export const onlineTransitions: readonly OnlineTransition[] = [
  { kind: 'carrier', action: 'approve', from: 1, to: 2, permission: onlinePermissions.carrier.change },
  { kind: 'carrier', action: 'reject', from: 1, to: 3, permission: onlinePermissions.carrier.change },
  { kind: 'payment', action: 'accept', from: 1, to: 2, permission: onlinePermissions.payment.change },
  { kind: 'payment', action: 'reject', from: 1, to: 3, permission: onlinePermissions.payment.change },
];

export function findOnlineTransition(kind: OnlineRequestKind, from: number, action: OnlineAction) {
  return onlineTransitions.find((t) => t.kind === kind && t.from === from && t.action === action) ?? null;
}

/** The actions a request in a status allows (the screens' buttons). */
export function onlineActionsOf(kind: OnlineRequestKind, status: number): OnlineAction[] {
  return onlineTransitions.filter((t) => t.kind === kind && t.from === status).map((t) => t.action);
}

/** Attached documents: what they are, and what they may be. */
export const onlineDocumentKinds = [
  { key: 'registration_certificate', label: 'Qeydiyyat şəhadətnaməsi', required: true },
  { key: 'power_of_attorney', label: 'Etibarnamə', required: false },
] as const;
export type OnlineDocumentKind = (typeof onlineDocumentKinds)[number]['key'];
export const onlineDocumentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type OnlineDocumentType = (typeof onlineDocumentTypes)[number];
/** 5 MB, checked while the file streams in. */
export const onlineDocumentMaxBytes = 5 * 1024 * 1024;
