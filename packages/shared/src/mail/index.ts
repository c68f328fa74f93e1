import { z } from 'zod';
import { momentOutSchema } from '../api/input';
import { listQuerySchema } from '../api/list';

/** The mail outbox's states (issue 26): waiting to be sent (or retried), sent, given up after its attempts. */
export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailStatusLabels: Record<MailStatus, string> = {
  pending: 'Göndərilməyi gözləyir',
  sent: 'Göndərilib',
  failed: 'Göndərilə bilmədi',
};

export const mailKindLabels: Record<string, string> = {
  password_reset: 'Şifrənin bərpası',
  online_submitted: 'Onlayn müraciət qəbul edildi',
  online_decision: 'Onlayn müraciət üzrə qərar',
  chain_check: 'Gecə yoxlamasının xəbərdarlığı',
  expiry_reminder: 'Blankların müddəti barədə xəbərdarlıq',
  report_subscription: 'Abunə olunmuş hesabat',
  mfa_recovery: 'Bərpa kodunun istifadəsi',
  mfa_reset: 'İkinci faktorun sıfırlanması',
  new_device: 'Yeni cihazdan giriş',
};

export const mailMessages = {
  notFailed: 'Yalnız göndərilə bilməyən məktub yenidən göndərilə bilər.',
} as const;

/** `GET /api/mail-outbox/`: the administrators' list of mails; filter by status and kind, search by recipient. */
export const mailListSpec = {
  filters: { status: 'exact', kind: 'exact' },
  orderBy: ['id', 'created_at'],
} as const;
export const mailListQuerySchema = listQuerySchema(mailListSpec);
export type MailListQuery = z.infer<typeof mailListQuerySchema>;

/** A mail as the list shows it: never its body (a reset link is a credential). */
export const mailItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  next_attempt_at: momentOutSchema,
  last_error: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: momentOutSchema,
  sent_at: momentOutSchema.nullable(),
});
export type MailItem = z.infer<typeof mailItemSchema>;
