import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { applyReportSummaries, reportSummaryBacklog } from '../../db/report-summaries';

/**
 * The payments' summaries applied after the commit (issue 41, migration 0054): every process runs this worker;
 * each pass applies the whole log in one transaction, one process at a time (the others' passes answer at once).
 * A payment written announces itself (`rows:payments`, `rows:payment_rows`), so the log is applied soon after; the
 * interval is the longest a log row waits. The reads fold in the log meanwhile, so nothing a user sees waits for it.
 */
export const reportSummaryWorkerPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const intervalMs = config.REPORT_SUMMARIES_APPLY_INTERVAL;
  let timer: NodeJS.Timeout | null = null;
  let dueAt = Infinity;
  let running: Promise<void> | null = null;
  let stopped = true;
  let again = false;

  const pass = async () => {
    try {
      await applyReportSummaries(app.db);
    } catch (error) {
      app.log.warn({ err: error }, 'report summaries: the apply failed; the log is kept and applied next time');
    }
  };
  const schedule = (delayMs: number) => {
    if (stopped || (timer && dueAt <= Date.now() + delayMs)) return;
    if (timer) clearTimeout(timer);
    dueAt = Date.now() + delayMs;
    timer = setTimeout(run, delayMs);
    timer.unref();
  };
  function run() {
    timer = null;
    dueAt = Infinity;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
      if (again) {
        again = false;
        schedule(0);
      } else schedule(intervalMs);
    });
  }

  app.metrics.addGauge(
    'report_summary_backlog',
    'Payments written whose summaries are not applied yet (the reads fold them in)',
    [],
    async (gauge) => gauge.set(await reportSummaryBacklog(app.db)),
  );
  if (intervalMs === 0) return;
  app.changes.onChange((change) => {
    // Soon, not at once: a burst of payments is applied by one pass.
    if (change === 'rows:payments' || change === 'rows:payment_rows') schedule(50);
  });
  app.addHook('onReady', async () => {
    stopped = false;
    schedule(intervalMs);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
});
