// What the drills check after each step, on what the load (drill-load.mjs) recorded and on the database itself.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { queryRows } from './throwaway-database.mjs';
import { root } from './server-process.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const writeKinds = new Set(['payment', 'submit', 'pay', 'batch']);

/** The load's requests that started in [from, to), once each has its answer (a write may wait up to 30 s). */
export async function requestsIn(load, from, to) {
  const requests = load.requests.filter((r) => r.started >= from && r.started < to);
  for (let waited = 0; requests.some((r) => r.status === 'pending') && waited < 35_000; waited += 100) await sleep(100);
  return requests;
}

/** Counts of each status seen (`network`: no answer), and the answers no client may see. */
export function statusesOf(requests) {
  const counts = {};
  const refused = [];
  // An example of each answer that is not a success: what it said, and to what.
  const examples = {};
  for (const r of requests) {
    counts[r.status] = (counts[r.status] ?? 0) + 1;
    if (r.status !== 'pending' && !(r.status < 300) && !examples[r.status])
      examples[r.status] = { method: r.method, url: r.url, kind: r.kind, detail: r.detail ?? r.error };
    const unavailable = r.status === 503 && r.retryAfter !== null;
    // A keyed retry may find its first attempt still marked running: 409 with Retry-After, then its answer.
    const stillRunning = r.status === 409 && r.retryAfter !== null;
    const bad = typeof r.status !== 'number' || r.status >= 500 || (r.status >= 400 && !stillRunning);
    if (bad && !unavailable)
      refused.push({ status: r.status, method: r.method, url: r.url, detail: r.detail ?? r.error });
  }
  return { counts, refused, examples };
}

/**
 * The outage of writes around `faultAt`, from the acknowledgement times `acks` (ms, sorted or not): the longest gap
 * between two acknowledgements from the last one before the fault on, and when writes were back after the fault.
 */
export function writeOutage(acks, faultAt, until) {
  const sorted = acks.filter((at) => at <= until).sort((a, b) => a - b);
  const before = sorted.filter((at) => at < faultAt).pop() ?? faultAt;
  const after = sorted.filter((at) => at >= faultAt);
  let longest = { from: before, to: after[0] ?? null };
  let previous = before;
  for (const at of after) {
    if (at - previous > (longest.to ?? Infinity) - longest.from || longest.to === null)
      longest = { from: previous, to: at };
    previous = at;
  }
  if (longest.to === null) return { backAfterMs: null, longestGapMs: null, acks: after.length };
  return {
    backAfterMs: Math.max(0, longest.to - faultAt),
    longestGapMs: longest.to - longest.from,
    acks: after.length,
  };
}

/** The acknowledgement times of the app's writes (a 2xx answer to a write) in `requests`. */
export const appWriteAcks = (requests) =>
  requests.filter((r) => writeKinds.has(r.kind) && typeof r.status === 'number' && r.status < 300).map((r) => r.ended);

/**
 * Every write the load saw acknowledged is in the database of `url`: each payment with its total, and as far as it
 * was acknowledged (paid: status 3), and each batch.
 */
export async function acknowledgedFound(load, url) {
  const payments = [...load.payments.values()];
  const rows = await queryRows(url, 'select id, total::text as total, status from payments where id = any($1)', [
    payments.map((p) => p.id),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = payments.filter((p) => {
    const row = byId.get(p.id);
    return !row || row.total !== p.total || (p.stage === 'paid' && row.status !== 3);
  });
  const batchIds = load.batches.map((b) => b.id);
  const batchRows = await queryRows(url, 'select id from fn_batches where id = any($1)', [batchIds]);
  const acknowledged = payments.length + payments.filter((p) => p.stage !== 'created').length;
  const paid = payments.filter((p) => p.stage === 'paid').length;
  return {
    acknowledged: acknowledged + paid + batchIds.length,
    payments: payments.length,
    paid,
    batches: batchIds.length,
    missing: missing.map((p) => ({ id: p.id, stage: p.stage, found: byId.get(p.id) ?? null })),
    missingBatches: batchIds.length - batchRows.length,
  };
}

/**
 * The writes acknowledged in [from, to) sent again with their keys to the other process: each answers as the first
 * time (same status, same payment), replayed. At most `limit` of each kind, nearest the outage first.
 */
export async function idempotentRetries(load, from, to, limit = 12) {
  const payments = [...load.payments.values()];
  const other = (answer) => load.bases.find((b) => b !== answer.base) ?? answer.base;
  const pick = (list, answerOf) =>
    list
      .filter((p) => answerOf(p) && answerOf(p).ended >= from && answerOf(p).ended < to)
      .sort((a, b) => answerOf(a).ended - answerOf(b).ended)
      .slice(-limit);
  const differences = [];
  let sent = 0;
  const again = async (payment, answer, url, key, body) => {
    sent += 1;
    const retry = await load.call(other(answer), 'POST', url, { key, body, kind: 'retry' });
    const same = retry.status === answer.status && retry.body?.id === payment.id && retry.body?.total === payment.total;
    if (!same || !retry.replayed)
      differences.push({
        url,
        first: answer.status,
        again: retry.status,
        replayed: retry.replayed,
        id: retry.body?.id,
      });
  };
  for (const payment of pick(payments, (p) => p.created))
    await again(payment, payment.created, '/api/payments/', payment.key, payment.body);
  for (const payment of pick(payments, (p) => p.paid))
    await again(payment, payment.paid, `/api/payments/${payment.id}/pay/`, payment.payKey, payment.payBody);
  return { sent, differences };
}

/**
 * Each live stream resumed: it is open now, it got a change after `backAt` (the feed follows the new primary), and
 * every payment acknowledged in [from, to) reached it as a change of its id or was followed by a reset (the list is
 * read again, so it shows it).
 */
export async function streamsResumed(load, from, to, backAt) {
  await sleep(1_500);
  const payments = [...load.payments.values()].filter((p) => p.created.ended >= from && p.created.ended < to);
  return load.streams.map((stream) => {
    const seen = new Set(
      stream.changes.filter((c) => c.resource === 'payments' && c.ids).flatMap((c) => c.ids.map(Number)),
    );
    const missed = payments.filter(
      (p) => !seen.has(p.id) && !stream.resets.some((r) => r.at >= p.created.ended),
    ).length;
    return {
      base: stream.base,
      open: stream.open,
      reopened: stream.opens.filter((o) => o.at >= from && o.at < to).length,
      resets: stream.resets.filter((r) => r.at >= from && r.at < to).length,
      changeAfterBack: backAt !== null && stream.changes.some((c) => c.at >= backAt),
      missed,
    };
  });
}

/** Readiness of each process in [from, to): whether it said 503 (or did not answer) at some point, and its last answer. */
export function readinessIn(load, from, to) {
  return load.readiness.map((probes, index) => {
    const inWindow = probes.filter((p) => p.at >= from && p.at < to);
    return {
      base: load.bases[index],
      wentUnready: inWindow.some((p) => p.status !== 200),
      last: probes.at(-1)?.status ?? null,
    };
  });
}

/** Waits until every process's readiness answered 200 on its last probe; how long that took, or null. */
export async function readyAgain(load, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (load.readiness.every((probes) => probes.at(-1)?.status === 200 && probes.at(-1).at > started)) {
      return Date.now() - started;
    }
    await sleep(100);
  }
  return null;
}

/** The server's command-line task on the database of `url` (verify-ledger, verify-audit): its JSON answer. */
export async function serverCli(url, command) {
  // Not spawnSync: the load goes on while it runs.
  const result = await promisify(execFile)(process.execPath, ['apps/server/dist/cli.js', command], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    encoding: 'utf8',
  }).catch((err) => err);
  const stdout = result.stdout?.trim() ?? '';
  if (!stdout) throw new Error(`${command}: ${result.stderr ?? result}`);
  return JSON.parse(stdout.split('\n').pop());
}
