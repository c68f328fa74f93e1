import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { claimDueMails, markMailFailed, markMailSent } from './outbox';

export interface MailSenderSettings {
  /** First wait after a failed attempt (seconds); each next one doubles, up to an hour. */
  retryDelaySeconds: number;
  /** Attempts before a mail is given up (`failed`: an administrator may retry it). */
  maxAttempts: number;
  /** How long a claim holds (seconds): a process that died holding a mail gives it up after this. */
  claimLeaseSeconds: number;
  /** How often the worker looks for due mails (ms). */
  pollIntervalMs: number;
}

const batchSize = 20;
const longestWaitSeconds = 3_600;

/**
 * The outbox's worker, one in every server process: claims due mails, sends each, and marks it sent or failed with
 * backoff. `drain` sends everything due now and resolves once done (tests, shutdown).
 */
export function createMailSender(
  db: Database,
  mailer: Mailer,
  settings: MailSenderSettings,
  events: { sent(): void; failed(): void; log: FastifyBaseLogger },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let stopped = false;
  // A mail was put in the outbox while a pass ran: the pass looks again before it ends.
  let again = false;

  const retryAfter = (attempts: number) =>
    attempts >= settings.maxAttempts
      ? null
      : Math.min(settings.retryDelaySeconds * 2 ** (attempts - 1), longestWaitSeconds);

  /** One pass: every mail due now, batch after batch; how many were handled. */
  async function pass(): Promise<number> {
    let handled = 0;
    for (;;) {
      const mails = await claimDueMails(db, batchSize, settings.claimLeaseSeconds);
      for (const mail of mails) {
        try {
          await mailer.send({
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            attachments: mail.attachments,
          });
          await markMailSent(db, mail.id);
          events.sent();
        } catch (err) {
          const attempts = mail.attempts + 1;
          const wait = retryAfter(attempts);
          await markMailFailed(db, mail.id, (err as Error).message ?? String(err), wait);
          events.failed();
          events.log.warn(
            { err, mailId: mail.id, attempts, retryInSeconds: wait },
            wait === null ? 'mail given up' : 'mail not sent: will retry',
          );
        }
        handled += 1;
      }
      if (mails.length < batchSize || stopped) return handled;
    }
  }

  /** Runs passes (again while mails arrive meanwhile) unless they run; the running ones' result otherwise. */
  function runOnce(): Promise<number> {
    running ??= (async () => {
      let handled = 0;
      do {
        again = false;
        handled += await pass();
      } while (again && !stopped);
      return handled;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const tick = () => {
    if (stopped) return;
    runOnce()
      .catch((err: unknown) => events.log.warn({ err }, 'mail outbox pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, settings.pollIntervalMs).unref();
      });
  };

  return {
    start() {
      stopped = false;
      tick();
    },
    /** A mail was put in the outbox (this process or another): look now rather than at the next poll. */
    poke() {
      if (stopped) return;
      again = true;
      if (running) return;
      clearTimeout(timer);
      tick();
    },
    /** Sends every mail due now (also one that fails only to be retried later) and resolves when done. */
    async drain(): Promise<void> {
      while (running) await running;
      await runOnce();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
    /** Whether the worker runs (readiness). */
    get running() {
      return !stopped;
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;
