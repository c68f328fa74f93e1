// The mixed load of the drills (`npm run drill:failover`, `npm run drill:upgrade`): on each app process (or proxy)
// one cashier who makes payments (create with an Idempotency-Key, submit, pay) and now and then a batch of forms, one
// reader of the lists and the reports, one live stream (`/api/events/`, resumed from its last id when it drops) and a
// readiness probe. Every answer is recorded with its time, so a drill can tell what clients saw around a failure.
import { randomUUID } from 'node:crypto';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A client of the drill retries an unavailable answer this soon (the header says 1 s; the drill measures closer). */
const retryMs = 200;
/** No request of the load waits longer than this (a write waits for its synchronous standby, never cancelled). */
const requestTimeoutMs = 30_000;

/** A payment of one row on `form` (the fields the PITR drill's payments have). */
function paymentBody(issued, form, n) {
  return {
    owner_code: '1234567891',
    owner_name: 'Təlim Daşımaları MMC',
    region: issued.region,
    mdssh_number: `M-${n}`,
    mdssh_date: '2026-01-10',
    mdssh_amount: '10.00',
    itsda_number: `I-${n}`,
    itsda_date: '2026-01-10',
    itsda_amount: '12.50',
    rows: [
      {
        form: form.id,
        plate: `10-DR-${String(n).padStart(3, '0')}`,
        seats_count: 18,
        transport_type: issued.transportType,
        coefficient: issued.coefficient,
        expire_date: 3,
      },
    ],
  };
}

/**
 * Starts the load on `bases` (the processes' or the proxy's URLs) as `token` (an administrator who stepped up, so
 * paying needs no more), on the active `forms` of `issued` (issueAcceptedBatches); `stop()` ends it and resolves when
 * every loop has ended. What it saw is in `requests`, `payments`, `batches`, `streams` and `readiness`.
 */
export function startLoad({ bases, token, issued, forms, series = 'DR', operator }) {
  const requests = [];
  /** Payments by id: their key, the acknowledged create's answer, and how far they got (created, submitted, paid). */
  const payments = new Map();
  const batches = [];
  const readiness = bases.map(() => []);
  const unfinished = [];
  let stopped = false;
  const aborter = new AbortController();
  const auth = { authorization: `Bearer ${token}` };

  /** One request, recorded: its answer's status (or 'network'), Retry-After, parsed body and times. */
  async function call(base, method, url, { body, key, kind, headers = {} } = {}) {
    const started = Date.now();
    const entry = { base, method, url, kind, started, ended: 0, status: 'pending', retryAfter: null };
    requests.push(entry);
    try {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...auth,
          ...headers,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      const text = await res.text();
      entry.status = res.status;
      entry.retryAfter = res.headers.get('retry-after');
      entry.replayed = res.headers.get('idempotent-replayed') === 'true';
      entry.body = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      if (res.status >= 400) entry.detail = text.slice(0, 300);
    } catch (err) {
      entry.status = 'network';
      entry.error = String(err?.cause?.code ?? err?.name ?? err);
    }
    entry.ended = Date.now();
    return entry;
  }

  /**
   * A write as a careful client sends it: while the answer says "unavailable" (503, or 409 "still running" with
   * Retry-After), the same request with the same key again, on the other process; the acknowledged answer, or null
   * when the load stopped first.
   */
  async function write(turn, method, url, options) {
    for (let attempt = 0; ; attempt += 1) {
      const base = bases[(turn + attempt) % bases.length];
      const answer = await call(base, method, url, options);
      if (typeof answer.status === 'number' && answer.status < 300) return answer;
      const retryable = answer.status === 503 || (answer.status === 409 && answer.retryAfter !== null);
      if (!retryable || (stopped && attempt > 0 && !options.key)) return null;
      // A keyed write is retried until it is answered even after the load stops: its fate must be known.
      if (stopped && attempt > 300) return null;
      await sleep(retryMs);
    }
  }

  let made = 0;
  async function cashier(turn) {
    const today = new Date().toISOString().slice(0, 10);
    for (let cycle = 0; !stopped && forms.length > 0; cycle += 1) {
      const form = forms.shift();
      const n = (made += 1);
      const key = randomUUID();
      const body = paymentBody(issued, form, n);
      const created = await write(turn, 'POST', '/api/payments/', {
        body,
        key,
        kind: 'payment',
      });
      if (!created) {
        unfinished.push({ form: form.id, key });
        continue;
      }
      const payment = { id: created.body.id, total: created.body.total, key, body, created, stage: 'created' };
      payments.set(payment.id, payment);
      const submitted = await write(turn + 1, 'POST', `/api/payments/${payment.id}/submit/`, {
        key: randomUUID(),
        kind: 'submit',
      });
      if (submitted) payment.stage = 'submitted';
      const payKey = randomUUID();
      const payBody = { payment_receipt_number: `DR-${payment.id}`, payment_receipt_date: today };
      const paid =
        submitted &&
        (await write(turn, 'POST', `/api/payments/${payment.id}/pay/`, { body: payBody, key: payKey, kind: 'pay' }));
      if (paid) Object.assign(payment, { stage: 'paid', paid, payKey, payBody });
      if (cycle % 4 === 3) await newBatch(turn);
      // A cashier's pace, not a benchmark's: the load stays bounded whatever the machine's speed.
      await sleep(150);
    }
  }

  // Batches of 2 numbers in series `series`, from 500,001 up (the payments' forms are below): a create has no key,
  // so one answered 503 is not sent again (it may have been written), and the next takes the next range.
  let nextNumber = 500_001;
  async function newBatch(turn) {
    const start = nextNumber;
    nextNumber += 2;
    const answer = await call(bases[turn % bases.length], 'POST', '/api/fn/batches/', {
      body: {
        series,
        start_number: String(start).padStart(6, '0'),
        finish_number: String(start + 1).padStart(6, '0'),
        operator: operator.id,
        region: operator.region,
        transport_type: issued.transportType,
        coefficient: issued.coefficientId,
        fnBase: null,
        expire_date: 3,
        expire_date_type: 'month',
      },
      kind: 'batch',
    });
    if (answer.status === 201) batches.push({ id: answer.body.id, answer });
  }

  const lists = [
    '/api/payments/?per_page=20',
    '/api/fn/batches/?per_page=20',
    `/api/fn/forms/?per_page=20&series=${series}`,
    '/api/reports/',
    '/api/regions/',
  ];
  async function reader(turn) {
    for (let i = 0; !stopped; i += 1) {
      await call(bases[turn % bases.length], 'GET', lists[i % lists.length], { kind: 'read' });
      await sleep(100);
    }
  }

  async function probeReadiness(index) {
    while (!stopped) {
      const at = Date.now();
      try {
        const res = await fetch(`${bases[index]}/api/health/ready/`, { signal: AbortSignal.timeout(5_000) });
        readiness[index].push({ at, status: res.status, checks: (await res.json()).checks });
      } catch (err) {
        readiness[index].push({ at, status: 'network', error: String(err?.cause?.code ?? err) });
      }
      await sleep(200);
    }
  }

  /** One live stream on `bases[index]`: every event and every (re)opening, resumed from the last id it had. */
  function liveStream(index) {
    const stream = { base: bases[index], opens: [], changes: [], resets: [], lastId: null, open: false };
    stream.done = (async () => {
      while (!stopped) {
        const opened = { at: Date.now(), status: 'network', lastEventId: stream.lastId };
        stream.opens.push(opened);
        try {
          const res = await fetch(`${stream.base}/api/events/`, {
            headers: { ...auth, ...(stream.lastId ? { 'last-event-id': stream.lastId } : {}) },
            signal: aborter.signal,
          });
          opened.status = res.status;
          if (res.status === 200) await readEvents(res, stream);
          else await res.text();
        } catch (err) {
          if (!stopped) opened.error = String(err?.cause?.code ?? err?.name ?? err);
        }
        stream.open = false;
        opened.closed = Date.now();
        if (!stopped) await sleep(500);
      }
    })();
    return stream;
  }

  const streams = bases.map((_, index) => liveStream(index));
  const loops = [
    ...bases.map((_, index) => cashier(index)),
    ...bases.map((_, index) => reader(index + 1)),
    ...bases.map((_, index) => probeReadiness(index)),
  ];
  return {
    requests,
    payments,
    batches,
    streams,
    readiness,
    unfinished,
    bases,
    call,
    /** Ends the load: the loops finish the step they are in (a keyed write until it is answered). */
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      aborter.abort();
      await Promise.all(streams.map((s) => s.done));
    },
  };
}

/** Reads a Server-Sent Events answer into `stream` (its changes, resets and last id) until it ends. */
async function readEvents(res, stream) {
  stream.open = true;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = { type: 'message', data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) stream.lastId = line.slice(4);
        else if (line.startsWith('event: ')) event.type = line.slice(7);
        else if (line.startsWith('data: ')) event.data += line.slice(6);
      }
      const at = Date.now();
      if (event.type === 'change') stream.changes.push({ at, ...JSON.parse(event.data) });
      if (event.type === 'reset') stream.resets.push({ at });
    }
  }
}
