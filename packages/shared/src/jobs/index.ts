import { z } from 'zod';
import { momentOutSchema } from '../api/input';

/** The scheduled jobs (issue 26), by name, as the administrators' screen names them. */
export const jobLabels: Record<string, string> = {
  'bank-late-credits': 'Gecikmiş ödənişlər: açıq bank mədaxillərinin hər 10 dəqiqədən bir yenidən uzlaşdırılması',
  'chain-check': 'Gecə yoxlaması: audit zənciri, blankların jurnalı və uzlaşma',
  cleanup: 'Köhnə qeydlərin təmizlənməsi (captcha, idempotentlik açarları, limitlər, göndərilmiş məktublar)',
  'expiry-reminders': 'Daşıyıcılara xəbərdarlıq: blankların müddətinin bitməsinə 30 və 7 gün qalıb',
  'report-subscriptions': 'Abunə olunmuş hesabatlar: hər ayın 1-də keçən ayın hesabatı Excel faylı ilə',
  'report-summaries-fold': 'Hesabat yekunlarının birləşdirilməsi: hər saat, hər açarın hissələri bir sətirdə',
};

export const jobMessages = {
  unknown: 'Belə iş yoxdur.',
  started: 'İş növbəyə qoyuldu: bir azdan icra olunacaq.',
} as const;

export const jobRunSchema = z.object({
  started_at: momentOutSchema,
  finished_at: momentOutSchema.nullable(),
  /** null while it runs. */
  ok: z.boolean().nullable(),
  summary: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  trigger: z.string(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/** `GET /api/jobs/`: each scheduled job, its schedule (cron, Baku time), next run, last run and recent failures. */
export const jobSchema = z.object({
  name: z.string(),
  label: z.string(),
  cron: z.string(),
  time_zone: z.string(),
  next_run_at: momentOutSchema,
  last_run: jobRunSchema.nullable(),
  /** Failed runs in the last 7 days. */
  failures: z.number().int(),
});
export type Job = z.infer<typeof jobSchema>;
