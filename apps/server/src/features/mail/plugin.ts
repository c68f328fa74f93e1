import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createMailer, type Mailer } from '../../lib/mailer';
import { outboxDepth } from './outbox';
import { createMailSender, type MailSender } from './sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** How mail leaves (SMTP or the outbox folder), and the outbox's worker: `drain` sends what is due now. */
    mailer: Pick<Mailer, 'kind' | 'outboxDir'> & { drain(): Promise<void>; sender: MailSender };
  }
}

/**
 * Durable mail (issue 26): services put mails in the outbox table in their transaction (`enqueueMail`); this
 * process's worker sends them, with retries and backoff, counted in the metrics and checked by readiness.
 */
export const mailPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const mailer = createMailer(config);
  const sender = createMailSender(
    app.db,
    mailer,
    {
      retryDelaySeconds: config.MAIL_RETRY_DELAY,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      claimLeaseSeconds: config.MAIL_CLAIM_LEASE,
      pollIntervalMs: 1_000,
    },
    {
      sent: () => app.metrics.mails.inc({ result: 'sent' }),
      failed: () => app.metrics.mails.inc({ result: 'failed' }),
      log: app.log,
    },
  );
  app.decorate('mailer', { kind: mailer.kind, outboxDir: mailer.outboxDir, drain: () => sender.drain(), sender });
  app.metrics.addGauge(
    'mail_outbox',
    'Mails in the outbox by status: pending (to send or retry), failed (given up)',
    ['status'],
    async (gauge) => {
      const depth = await outboxDepth(app.db);
      gauge.set({ status: 'pending' }, depth.pending);
      gauge.set({ status: 'failed' }, depth.failed);
    },
  );
  app.readinessChecks.set('mail', async () => {
    if (!sender.running) throw new Error('the mail worker is stopped');
  });
  // A commit that put a mail in the outbox, in any process, announces itself (migration 0034).
  app.changes.onChange((change) => {
    if (change === 'rows:mail_outbox') sender.poke();
  });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => {
    await sender.stop();
    mailer.close();
  });
});
