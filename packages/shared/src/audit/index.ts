import { z } from 'zod';
import { idSchema, momentOutSchema } from '../api/input';
import { listQuerySchema } from '../api/list';

/** What an audit row records: a change to a record, or an event of sign-in, recovery or access. */
export const auditActions = [
  'create',
  'update',
  'delete',
  'activate',
  'deactivate',
  'set_password',
  'change_password',
  'sign_in',
  'sign_out',
  'refresh_reuse',
  'password_reset_request',
  'password_reset',
  'access_denied',
  'mfa_enrol',
  'mfa_verify',
  'mfa_recovery',
  'mfa_step_up',
  'mfa_reset',
  'mfa_remove',
  'directory_link',
  'directory_create',
  'directory_groups',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** success; failure (a refused sign-in or reset, a reused refresh token); denied (a 403). */
export const auditResults = ['success', 'failure', 'denied'] as const;
export type AuditResult = (typeof auditResults)[number];

/** Azerbaijani names for the audit screen. */
export const auditActionLabels: Record<AuditAction, string> = {
  create: 'Yaradılma',
  update: 'Dəyişmə',
  delete: 'Silinmə',
  activate: 'Aktivləşdirmə',
  deactivate: 'Deaktivləşdirmə',
  set_password: 'Şifrənin təyini',
  change_password: 'Şifrənin dəyişdirilməsi',
  sign_in: 'Sistemə giriş',
  sign_out: 'Sistemdən çıxış',
  refresh_reuse: 'Yenilənmə tokeninin təkrar istifadəsi',
  password_reset_request: 'Şifrə bərpası sorğusu',
  password_reset: 'Şifrənin bərpası',
  access_denied: 'Giriş qadağan edildi',
  mfa_enrol: 'İkinci faktorun qoşulması',
  mfa_verify: 'İkinci faktorla təsdiq',
  mfa_recovery: 'Bərpa kodu ilə giriş',
  mfa_step_up: 'Əməliyyatın ikinci faktorla təsdiqi',
  mfa_reset: 'İkinci faktorun sıfırlanması',
  mfa_remove: 'İkinci faktorun söndürülməsi',
  directory_link: 'Kataloq hesabının əlaqələndirilməsi',
  directory_create: 'Kataloqdan hesabın yaradılması',
  directory_groups: 'Qrupların kataloqdan yenilənməsi',
};

export const auditResultLabels: Record<AuditResult, string> = {
  success: 'Uğurlu',
  failure: 'Uğursuz',
  denied: 'Qadağan',
};

/**
 * `GET /api/audit/`: filters for the actor (user id), action, object type and id, result, client address, request id and a
 * range of days (UTC, inclusive); `search` over the actor's (or tried) e-mail and the object's name.
 */
export const auditListSpec = {
  filters: {
    actor: 'id',
    action: 'exact',
    resource: 'exact',
    record_id: 'exact',
    result: 'exact',
    ip: 'exact',
    request_id: 'exact',
    date_from: 'date',
    date_to: 'date',
  },
  orderBy: ['id', 'at'],
} as const;
export const auditListQuerySchema = listQuerySchema(auditListSpec);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** Audit ids are bigint in the database: bounded by what a JSON number holds exactly. */
const auditIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEntrySchema = z.object({
  id: auditIdSchema,
  at: momentOutSchema,
  actor: idSchema.nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  record_id: z.string().nullable(),
  object_name: z.string().nullable(),
  result: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The id of the request that wrote the row (X-Request-Id), as in the logs and the user's error message. */
  request_id: z.string().nullable(),
  /** The changed fields, each with its value before and after. */
  changes: z.record(z.string(), auditChangeSchema),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/audit/verify/`: whether the hash chain holds, and where it breaks first. */
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  rows: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  first_broken_id: auditIdSchema.nullable(),
});
export type AuditVerification = z.infer<typeof auditVerifySchema>;
