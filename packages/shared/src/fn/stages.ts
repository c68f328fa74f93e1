import type { RoleLetter } from '../access/roles';

/** A form's stage in its life (decisions.md section 3): issued, accepted, shared to an inspector, used, paid, voided. */
export const fnStages = [
  { key: 'new', label: 'Yeni' },
  { key: 'active', label: 'Aktiv' },
  { key: 'shared', label: 'Müfəttişə verilib' },
  { key: 'used', label: 'İstifadə olunub' },
  { key: 'paid', label: 'Ödənilib' },
  { key: 'voided', label: 'Ləğv edilib' },
] as const;
export type FnStage = (typeof fnStages)[number]['key'];
export const fnStageKeys = fnStages.map((s) => s.key) as [FnStage, ...FnStage[]];

/** The spec's notice status codes, kept as they are (decisions.md section 3). */
export const fnNoticeStatuses = [
  { code: 0, key: 'active', label: 'Aktiv' },
  { code: 1, key: 'expired', label: 'Müddəti bitib' },
  { code: 2, key: 'insured', label: 'Sığortalanıb' },
  { code: 3, key: 'not_fully_insured', label: 'Tam sığortalanmayıb' },
  { code: 4, key: 'paid', label: 'Ödənilib' },
] as const;
export type FnNoticeStatus = (typeof fnNoticeStatuses)[number]['code'];
export const fnNoticeStatusCodes = fnNoticeStatuses.map((s) => s.code) as [FnNoticeStatus, ...FnNoticeStatus[]];
export const FnNoticeStatusCode = { active: 0, expired: 1, insured: 2, notFullyInsured: 3, paid: 4 } as const;

/** Status codes of a paid form: past its validity each of them reads as expired (1), at read time. */
export const fnPaidStatusCodes: readonly FnNoticeStatus[] = [2, 3, 4];

/**
 * The status a form shows: a paid form (2, 3, 4) whose validity ended before `today` (yyyy-mm-dd) is expired (1).
 * The server computes the same in SQL for lists, filters and counts.
 */
export function effectiveNoticeStatus(
  status: number | null,
  validTo: string | null,
  today: string,
): FnNoticeStatus | null {
  if (status === null) return null;
  if (fnPaidStatusCodes.includes(status as FnNoticeStatus) && validTo !== null && validTo < today) return 1;
  return status as FnNoticeStatus;
}

/** Validity units of a batch: a carrier buys 1, 3, 6 or 12 months. */
export const expireDateTypes = [
  { key: 'month', label: 'Ay', months: 1 },
  { key: 'quarter', label: 'Rüb', months: 3 },
  { key: 'half-year', label: 'Yarımil', months: 6 },
  { key: 'year', label: 'İl', months: 12 },
] as const;
export type ExpireDateType = (typeof expireDateTypes)[number]['key'];
export const expireDateTypeKeys = expireDateTypes.map((t) => t.key) as [ExpireDateType, ...ExpireDateType[]];

/** The months a batch's validity covers: count x the unit's months. */
export function batchValidityMonths(count: number, type: ExpireDateType): number {
  return count * expireDateTypes.find((t) => t.key === type)!.months;
}

/** Batch status: issued (waiting for its operator) or accepted. */
export const fnBatchStatuses = [
  { key: 'issued', label: 'Buraxılıb' },
  { key: 'accepted', label: 'Qəbul edilib' },
] as const;
export type FnBatchStatus = (typeof fnBatchStatuses)[number]['key'];
export const fnBatchStatusKeys = fnBatchStatuses.map((s) => s.key) as [FnBatchStatus, ...FnBatchStatus[]];

/** Every movement the ledger records. */
export const fnMovements = [
  'create',
  'edit',
  'delete',
  'accept',
  'share',
  'unshare',
  'use',
  'submit',
  'insure',
  'pay',
  'release',
  'void',
  'annul',
  // A batch and its forms as they stood when the system went live (issue 28, an import of opening balances).
  'opening',
] as const;
export type FnMovement = (typeof fnMovements)[number];

/**
 * What a form's timeline shows: the ledger's movements, `expire`, the end of a paid form's validity as a read
 * sees it (computed, never written: docs/decisions/0021-fn-forms-and-ledger.md), and `check`, an inspector's check of
 * the mark at the roadside (issue 46, kept in inspect_checks, not in the ledger: it moves nothing).
 */
export const fnTimelineMovements = [...fnMovements, 'expire', 'check'] as const;
export type FnTimelineMovement = (typeof fnTimelineMovements)[number];

export const fnMovementLabels: Record<FnTimelineMovement, string> = {
  create: 'Buraxılış',
  edit: 'Redaktə',
  delete: 'Silinmə',
  accept: 'Qəbul',
  share: 'Müfəttişə verilmə',
  unshare: 'Müfəttişdən geri alınma',
  use: 'Ödənişdə istifadə',
  submit: 'Ödənişə göndərilmə',
  insure: 'Sığortanın qeydə alınması',
  pay: 'Ödəniş',
  release: 'Ödənişdən azad edilmə',
  void: 'Ləğv',
  annul: 'Ödənişin ləğvi',
  opening: 'İlkin qalıq',
  expire: 'Müddətin bitməsi',
  check: 'Müfəttiş yoxlaması',
};

/** One allowed move of a form: from which stages, to which stage, and which roles may make it. */
export interface FnTransition {
  movement: FnMovement;
  from: readonly FnStage[];
  to: FnStage;
  roles: readonly RoleLetter[];
  /** The batch's own operator only (accept). */
  ownOperator?: true;
}

/** The life of a form as data: the server checks moves against it and the screens offer only these. */
export const fnTransitions: readonly FnTransition[] = [
  { movement: 'accept', from: ['new'], to: 'active', roles: ['F'], ownOperator: true },
  { movement: 'share', from: ['active'], to: 'shared', roles: ['A', 'B', 'F', 'E'] },
  { movement: 'unshare', from: ['shared'], to: 'active', roles: ['A', 'B', 'F', 'E'] },
  { movement: 'use', from: ['active', 'shared'], to: 'used', roles: ['A', 'D', 'B', 'F', 'E'] },
  // The payment is submitted: the form's notice status becomes 2 (insured) or 3 (not fully insured).
  { movement: 'submit', from: ['used'], to: 'used', roles: ['A', 'D', 'B', 'F', 'E'] },
  // An insurance record of a payment awaiting payment is recorded: the notice status follows (3 -> 2).
  { movement: 'insure', from: ['used'], to: 'used', roles: ['A', 'D', 'B', 'F', 'E'] },
  { movement: 'pay', from: ['used'], to: 'paid', roles: ['A', 'D', 'B', 'F', 'E'] },
  // The payment is cancelled or the form taken out of it: back to the stage it was used from (shared if it still
  // has its inspector, else active), status 0.
  { movement: 'release', from: ['used'], to: 'active', roles: ['A', 'D', 'B', 'F', 'E'] },
  { movement: 'void', from: ['new', 'active', 'shared'], to: 'voided', roles: ['A', 'B', 'F', 'E'] },
  // The spec's paid-fn soft delete: the form stays paid, marked annulled, and leaves the paid count.
  { movement: 'annul', from: ['paid'], to: 'paid', roles: ['A'] },
];

export function fnTransition(movement: FnMovement): FnTransition {
  return fnTransitions.find((t) => t.movement === movement)!;
}

/** Whether `role` may move a form of stage `from` by `movement`. */
export function canMoveForm(movement: FnMovement, from: FnStage, role: RoleLetter): boolean {
  const transition = fnTransitions.find((t) => t.movement === movement);
  return !!transition && transition.from.includes(from) && transition.roles.includes(role);
}

export function fnStageLabel(stage: FnStage): string {
  return fnStages.find((s) => s.key === stage)!.label;
}
