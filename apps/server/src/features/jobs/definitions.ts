import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchaSolutions, groups, mailOutbox, rateLimitHits, userGroups, users } from '../../db/schema';
import { foldReportSummaries } from '../../db/report-summaries';
import { auditChain } from '../../lib/audit';
import { purgeIdempotencyKeys } from '../../lib/idempotency';
import type { JobName } from '../../lib/job-queue';
import type { AuthUser } from '../../plugins/auth';
import { linkRecentCredits } from '../bank-statements';
import { fnLedgerChain } from '../fn';
import { purgeChallenges } from '../auth';
import { reconcile } from '../fn';
import { enqueueMail } from '../mail';
import { sendExpiryReminders } from '../reminders';
import { sendReportSubscriptions } from '../reports';
import { textMail } from '../../lib/mail-text';

/** The time zone the schedules are read in: the authority's. */
export const jobTimeZone = 'Asia/Baku';

export interface JobContext {
  db: Database;
  publicOrigin: string;
  /** BANK_MATCH_WINDOW_DAYS. */
  bankWindowDays: number;
}

/** The open credits of twice the match window, matched again; how many were open before and after. */
async function lateCredits(db: Database, windowDays: number) {
  const open = async () =>
    (
      (await db.execute(
        sql`select count(*)::int as n from bank_entries where match_state = 'no_payment' and booking_date >= current_date - ${2 * windowDays}::int`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
  const before = await open();
  await db.transaction((tx) => linkRecentCredits(tx, 2 * windowDays, windowDays));
  return { open_before: before, open_after: await open() };
}

export interface JobDefinition {
  name: JobName;
  /** Five-field cron, read in `jobTimeZone`. */
  cron: string;
  /** Does the work; its summary is kept with the run. Throws: the run failed. */
  run(context: JobContext): Promise<Record<string, unknown>>;
}

/** Who the checks read as: the whole country (the reconciliation is region-scoped for people). */
const systemReader = { id: 0, isNational: true, regionId: null } as unknown as AuthUser;

/** Rate-limit rows older than this are of no window (the longest is an hour; a day leaves room). */
const rateLimitKeepSeconds = 86_400;
/** Sent mails are kept this long (their bodies are already emptied). */
const sentMailKeepDays = 90;

/**
 * The nightly check: the audit trail's and the forms' ledger's hash chains, and the reconciliation of the forms.
 * When anything is off, every active administrator is mailed (through the outbox).
 */
async function chainCheck({ db, publicOrigin }: JobContext) {
  const [audit, ledger, reconciliation] = await Promise.all([
    auditChain.verify(db),
    fnLedgerChain.verify(db),
    reconcile(db, systemReader, {}),
  ]);
  const ok = audit.ok && ledger.ok && reconciliation.consistent;
  const summary = {
    ok,
    audit,
    ledger,
    reconciliation: { consistent: reconciliation.consistent, summary: reconciliation.summary },
    administrators_mailed: 0,
  };
  if (!ok) {
    const administrators = await db
      .selectDistinct({ email: users.email })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.userId, users.id))
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(and(eq(groups.code, 'admin'), eq(users.isActive, true)));
    const lines = [
      audit.ok
        ? 'Audit jurnalının zənciri: qaydasındadır.'
        : `Audit jurnalının zənciri qırılıb: ilk qırıq sətir ${audit.first_broken_id}.`,
      ledger.ok
        ? 'Blankların jurnalı: qaydasındadır.'
        : `Blankların jurnalı qırılıb: ilk qırıq sətir ${ledger.first_broken_id}.`,
      `Uzlaşma: ${reconciliation.summary}`,
      `Nə etməli: ${publicOrigin} — əməliyyat təlimatı, "When a chain check fails".`,
    ];
    await db.transaction(async (tx) => {
      for (const { email } of administrators)
        await enqueueMail(
          tx,
          'chain_check',
          textMail(email, 'FN İdarəetmə Sistemi: gecə yoxlaması uyğunsuzluq tapdı', lines),
        );
    });
    summary.administrators_mailed = administrators.length;
  }
  return summary;
}

/**
 * Forgets what has served its time: spent captcha solutions, old idempotency keys and rate-limit rows, sign-in
 * challenges past their life, old mails.
 */
async function cleanup({ db }: JobContext) {
  const captcha = await db
    .delete(captchaSolutions)
    .where(lt(captchaSolutions.expiresAt, sql`now()`))
    .returning({ hash: captchaSolutions.hash });
  const rateLimits = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.createdAt, sql`now() - make_interval(secs => ${rateLimitKeepSeconds})`))
    .returning({ id: rateLimitHits.id });
  const idempotencyKeys = await purgeIdempotencyKeys(db);
  const challenges = await purgeChallenges(db);
  const mails = await db
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'sent'),
        lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${sentMailKeepDays})`),
      ),
    )
    .returning({ id: mailOutbox.id });
  return {
    captcha_solutions: captcha.length,
    rate_limit_hits: rateLimits.length,
    idempotency_keys: idempotencyKeys,
    mfa_challenges: challenges,
    sent_mails: mails.length,
  };
}

/** Every scheduled job (each a queue of lib/job-queue.ts `jobNames`). */
export const jobDefinitions: readonly JobDefinition[] = [
  // Every 10 minutes: the open credits of the last days matched again, for a payment paid while its credit's statement
  // was being uploaded (each missed the other); a payment paid later matches its credits at once.
  { name: 'bank-late-credits', cron: '*/10 * * * *', run: ({ db, bankWindowDays }) => lateCredits(db, bankWindowDays) },
  { name: 'chain-check', cron: '15 2 * * *', run: chainCheck },
  { name: 'cleanup', cron: '7 * * * *', run: cleanup },
  { name: 'expiry-reminders', cron: '0 9 * * *', run: ({ db, publicOrigin }) => sendExpiryReminders(db, publicOrigin) },
  { name: 'report-subscriptions', cron: '0 7 1 * *', run: ({ db }) => sendReportSubscriptions(db) },
  // Hourly: the summaries' stripes folded into one row a key (migration 0050); the reports sum them meanwhile.
  {
    name: 'report-summaries-fold',
    cron: '37 * * * *',
    run: async ({ db }) => ({ ...(await foldReportSummaries(db)) }),
  },
];
