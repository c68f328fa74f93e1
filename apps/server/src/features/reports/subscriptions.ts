import { Writable } from 'node:stream';
import {
  bakuDay,
  reportMessages,
  reportSubscriptionLimit,
  type ReportSubscription,
  type ReportSubscriptionFilters,
} from '@dnx/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reportSubscriptions, reportSubscriptionSends } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import { conflict, HttpError, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { loadActor } from '../auth';
import { enqueueMail } from '../mail';
import { printedFilters, writeReportXlsx } from './export';
import { detailRows, periodOf } from './report-repository';
import { createReportService } from './service';
import { textMail } from '../../lib/mail-text';

/**
 * Report subscriptions (issue 26): a user with report access keeps the report's grouping and filters, and on the
 * first day of each month the `report-subscriptions` job mails them the report of the month before as the Excel
 * file of the report screen, read as they would read it (their region). A month is mailed once: its send row is
 * written in the transaction that puts the mail in the outbox.
 */

/** A mailed workbook larger than this leaves out the sheet of forms (and says so): mail servers refuse big files. */
export const subscriptionAttachmentLimit = 10 * 1024 * 1024;

const answer = (row: typeof reportSubscriptions.$inferSelect, lastSent: string | null): ReportSubscription => ({
  ...row.filters,
  group_by: row.filters.group_by ?? 'region',
  id: row.id,
  created_at: row.createdAt.toISOString(),
  last_sent_period: lastSent,
});

export async function listSubscriptions(db: Database, actor: AuthUser): Promise<ReportSubscription[]> {
  const rows = await db
    .select({
      subscription: reportSubscriptions,
      lastSent: sql<string | null>`(select max(period) from ${reportSubscriptionSends}
        where ${reportSubscriptionSends.subscriptionId} = ${reportSubscriptions.id})`,
    })
    .from(reportSubscriptions)
    .where(eq(reportSubscriptions.userId, actor.id))
    .orderBy(asc(reportSubscriptions.id));
  return rows.map((r) => answer(r.subscription, r.lastSent));
}

export async function createSubscription(
  db: Database,
  actor: AuthUser,
  filters: ReportSubscriptionFilters,
): Promise<ReportSubscription> {
  try {
    return await db.transaction(async (tx) => {
      // The user's subscriptions are counted under a lock of their rows' owner, so two at once keep the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('report_subscriptions'), ${actor.id})`);
      const [held] = await tx
        .select({ n: count() })
        .from(reportSubscriptions)
        .where(eq(reportSubscriptions.userId, actor.id));
      if (held!.n >= reportSubscriptionLimit)
        throw new HttpError(400, { detail: reportMessages.subscriptionsTooMany(reportSubscriptionLimit) });
      const [row] = await tx.insert(reportSubscriptions).values({ userId: actor.id, filters }).returning();
      return answer(row!, null);
    });
  } catch (error) {
    if (uniqueViolation(error) === 'report_subscriptions_user_filters_key')
      throw conflict(reportMessages.subscriptionExists);
    throw error;
  }
}

export async function deleteSubscription(db: Database, actor: AuthUser, id: number): Promise<void> {
  const deleted = await db
    .delete(reportSubscriptions)
    .where(and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.userId, actor.id)))
    .returning({ id: reportSubscriptions.id });
  if (deleted.length === 0) throw notFound();
}

/** The month before `today` (a Baku day): its `YYYY-MM`, first and last day. */
export function previousMonth(today: string): { period: string; dateFrom: string; dateTo: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { period: day(first).slice(0, 7), dateFrom: day(first), dateTo: day(last) };
}

/** Collects what a writer writes into one buffer. */
function collector() {
  const parts: Buffer[] = [];
  let size = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      size += chunk.length;
      done();
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  return { out, finished, size: () => size, buffer: () => Buffer.concat(parts) };
}

async function* nothing(): AsyncGenerator<never[]> {}

/** The workbook of one subscription's month, as the user would export it; without the forms when too large. */
async function workbookFor(
  db: Database,
  actor: AuthUser,
  filters: ReportSubscriptionFilters,
  dates: { dateFrom: string; dateTo: string },
) {
  const query = {
    ...filters,
    group_by: filters.group_by ?? 'region',
    date_from: dates.dateFrom,
    date_to: dates.dateTo,
  };
  const report = await createReportService(db).report(actor, query);
  const { group_by: _groupBy, ...reportFilters } = query;
  const printed = await printedFilters(db, report, reportFilters);
  const write = async (withForms: boolean) => {
    const file = collector();
    await writeReportXlsx(
      file.out,
      report,
      printed,
      withForms ? detailRows(db, actor, reportFilters, periodOf(reportFilters)) : nothing(),
    );
    await file.finished;
    return file.buffer();
  };
  const full = await write(true);
  if (full.length <= subscriptionAttachmentLimit) return { content: full, complete: true };
  return { content: await write(false), complete: false };
}

/** The job: every subscription not yet mailed for the month before, mailed now (each once). */
export async function sendReportSubscriptions(db: Database, today = bakuDay()) {
  const month = previousMonth(today);
  const due = await db
    .select({ id: reportSubscriptions.id, userId: reportSubscriptions.userId, filters: reportSubscriptions.filters })
    .from(reportSubscriptions)
    .where(
      sql`not exists (select 1 from ${reportSubscriptionSends} s
        where s.subscription_id = ${reportSubscriptions.id} and s.period = ${month.period})`,
    )
    .orderBy(asc(reportSubscriptions.id));
  let mailed = 0;
  let skipped = 0;
  for (const subscription of due) {
    const actor = await loadActor(db, subscription.userId);
    // A user who left or lost the right to reports receives nothing (the subscription stays for an administrator).
    if (!actor?.permissions.has('view_report')) {
      skipped += 1;
      continue;
    }
    const file = await workbookFor(db, actor, subscription.filters, month);
    const name = `hesabat-${month.period}.xlsx`;
    const note = file.complete
      ? ''
      : ' Fayl çox böyük olduğu üçün blankların siyahısı əlavə edilmədi: onu hesabat ekranından ixrac edin.';
    const mail = textMail(actor.email, `Hesabat: ${month.period}`, [
      `${month.period} ayının hesabatı əlavə olunub (Excel).${note}`,
      'Abunəliyi hesabat ekranında dayandıra bilərsiniz.',
    ]);
    const sent = await db.transaction(async (tx) => {
      const [send] = await tx
        .insert(reportSubscriptionSends)
        .values({ subscriptionId: subscription.id, period: month.period })
        .onConflictDoNothing()
        .returning({ subscriptionId: reportSubscriptionSends.subscriptionId });
      if (!send) return false;
      const mailId = await enqueueMail(tx, 'report_subscription', {
        ...mail,
        attachments: [
          {
            filename: name,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            content: file.content.toString('base64'),
          },
        ],
      });
      await tx
        .update(reportSubscriptionSends)
        .set({ mailId })
        .where(
          and(
            eq(reportSubscriptionSends.subscriptionId, subscription.id),
            eq(reportSubscriptionSends.period, month.period),
          ),
        );
      return true;
    });
    if (sent) mailed += 1;
  }
  return { period: month.period, mailed, skipped };
}
