import { expiryReminderDays, formatDate, formatFnNumber, reminderMessages, type ReminderOptOut } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carriers, fnExpiryReminders } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { utcDay } from '../../lib/days';
import { notFound } from '../../lib/http-errors';
import { enqueueMail } from '../mail';
import { escapeHtml } from '../../lib/mail-text';

/**
 * Reminders to carriers before their paid forms expire (issue 26). A form is the carrier's when the payment that
 * paid it names the carrier's VÖEN. Each day the job finds the paid forms whose last day is at most 30 (then 7)
 * days away and that were not yet reminded at that threshold for that last day, and sends each carrier one mail
 * listing them; the reminders are recorded in the transaction that puts the mail in the outbox, so a form is
 * reminded once per threshold however often the job runs. A form first seen within 7 days gets only the 7-day one.
 */

interface DueForm {
  form_id: number;
  series: string;
  number: number;
  valid_to: string;
  plate: string | null;
  days_before: number;
  carrier_id: number;
  carrier_name: string;
  email: string;
  reminder_token: string;
}

/** The opt-out page of a reminder's link. */
export const optOutPath = (token: string) => `/reminders/opt-out/${token}`;

function reminderMail(
  origin: string,
  carrier: Pick<DueForm, 'carrier_name' | 'reminder_token'>,
  forms: DueForm[],
  today: string,
) {
  const daysLeft = (validTo: string) => Math.round((Date.parse(validTo) - Date.parse(today)) / 86_400_000);
  const lines = forms.map(
    (f) =>
      `${f.series} ${formatFnNumber(f.number)}${f.plate ? ` (${f.plate})` : ''}: ${formatDate(f.valid_to)} tarixinədək, ` +
      `${daysLeft(f.valid_to)} gün qalıb`,
  );
  const optOut = `${origin}${optOutPath(carrier.reminder_token)}`;
  const text = [
    `Hörmətli ${carrier.carrier_name},`,
    '',
    'Aşağıdakı ciddi hesabat blanklarının müddəti tezliklə bitir:',
    ...lines.map((line) => `- ${line}`),
    '',
    'Müddəti uzatmaq üçün regionunuzun operatoruna müraciət edin.',
    '',
    `Bu xəbərdarlıqları almaq istəmirsinizsə: ${optOut}`,
  ].join('\n');
  const escape = escapeHtml;
  const html =
    `<p>Hörmətli ${escape(carrier.carrier_name)},</p>` +
    '<p>Aşağıdakı ciddi hesabat blanklarının müddəti tezliklə bitir:</p>' +
    `<ul>${lines.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>` +
    '<p>Müddəti uzatmaq üçün regionunuzun operatoruna müraciət edin.</p>' +
    `<p>Bu xəbərdarlıqları almaq istəmirsinizsə: <a href="${escape(optOut)}">imtina edin</a>.</p>`;
  const soonest = Math.min(...forms.map((f) => daysLeft(f.valid_to)));
  return { subject: `Blanklarınızın müddəti ${soonest} gün sonra bitir`, text, html };
}

/** The day's reminders: one mail per carrier, each form reminded once per threshold. */
export async function sendExpiryReminders(db: Database, publicOrigin: string, today = utcDay()) {
  const [far, near] = [Math.max(...expiryReminderDays), Math.min(...expiryReminderDays)];
  const due = (await db.execute(sql`
    select f.id as form_id, f.series, f.number, f.valid_to::text as valid_to, pr.plate,
           case when f.valid_to <= ${today}::date + ${near}::int then ${near}::int else ${far}::int end as days_before,
           c.id as carrier_id, c.name as carrier_name, c.email, c.reminder_token
      from fn_forms f
      join payments p on p.id = f.payment_id
      join carriers c on c.voen = p.owner_code
      left join payment_rows pr on pr.payment_id = p.id and pr.form_id = f.id
     where f.stage = 'paid' and not f.annulled
       and f.valid_to between ${today}::date and ${today}::date + ${far}::int
       and c.email <> '' and c.expiry_reminders = 1 and c.status = 1
       and not exists (
         select 1 from fn_expiry_reminders r
          where r.form_id = f.id and r.valid_to = f.valid_to
            and r.days_before <= case when f.valid_to <= ${today}::date + ${near}::int then ${near}::int else ${far}::int end)
     order by c.id, f.valid_to, f.series, f.number`)) as unknown as { rows: DueForm[] };

  const byCarrier = new Map<number, DueForm[]>();
  for (const form of due.rows) byCarrier.set(form.carrier_id, [...(byCarrier.get(form.carrier_id) ?? []), form]);
  let mails = 0;
  let forms = 0;
  for (const [carrierId, candidates] of byCarrier) {
    await db.transaction(async (tx) => {
      // Recorded first: only what this run recorded goes into its mail (a concurrent run takes the rest).
      const recorded = await tx
        .insert(fnExpiryReminders)
        .values(
          candidates.map((f) => ({ formId: f.form_id, daysBefore: f.days_before, validTo: f.valid_to, carrierId })),
        )
        .onConflictDoNothing()
        .returning({ formId: fnExpiryReminders.formId });
      const mine = new Set(recorded.map((r) => r.formId));
      const listed = candidates.filter((f) => mine.has(f.form_id));
      if (listed.length === 0) return;
      await enqueueMail(tx, 'expiry_reminder', {
        to: candidates[0]!.email,
        ...reminderMail(publicOrigin, candidates[0]!, listed, today),
      });
      mails += 1;
      forms += listed.length;
    });
  }
  return { carriers_mailed: mails, forms_reminded: forms };
}

/** The opt-out page: whose reminders the link stops. */
export async function readOptOut(db: Database, token: string): Promise<ReminderOptOut> {
  const [carrier] = await db
    .select({ carrier: carriers.name, expiry_reminders: carriers.expiryReminders })
    .from(carriers)
    .where(eq(carriers.reminderToken, token));
  if (!carrier) throw notFound(reminderMessages.tokenUnknown);
  return { carrier: carrier.carrier, expiry_reminders: carrier.expiry_reminders === 1 ? 1 : 0 };
}

/** The carrier's own "no more reminders" (a POST, so a mail scanner opening the link changes nothing); audited. */
export async function optOut(db: Database, token: string): Promise<ReminderOptOut> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: carriers.id, name: carriers.name, expiryReminders: carriers.expiryReminders })
      .from(carriers)
      .where(eq(carriers.reminderToken, token))
      .for('update');
    if (!before) throw notFound(reminderMessages.tokenUnknown);
    if (before.expiryReminders !== 0) {
      await tx
        .update(carriers)
        .set({ expiryReminders: 0, version: sql`${carriers.version} + 1` })
        .where(eq(carriers.id, before.id));
      await recordAudit(tx, {
        actor: null,
        action: 'update',
        resource: 'carrier',
        recordId: before.id,
        before: { name: before.name, expiry_reminders: before.expiryReminders },
        after: { name: before.name, expiry_reminders: 0 },
      });
    }
    return { carrier: before.name, expiry_reminders: 0 };
  });
}
