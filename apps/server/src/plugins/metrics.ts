import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drfMessages, paymentStatuses } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';

/**
 * Prometheus metrics (issue 26; docs/operations.md, "Metrics"): one registry per app, so a test's apps do not share
 * counters. Requests are measured by route template and status; the database pool, the change feed and the payments
 * by status are read when scraped; the features count what happens in them (`app.metrics`).
 */
export interface AppMetrics {
  registry: Registry;
  /** Mails handed to SMTP (or the outbox): `sent`, or `failed` (issue 26: the mail outbox retries). */
  mails: Counter<'result'>;
  /** Forms issued in batches. */
  formsIssued: Counter;
  /** Requests that failed with an unhandled error (a 500), by route. */
  unhandledErrors: Counter<'route'>;
  /** Gauges a feature adds (the job queue), read at each scrape. */
  addGauge(name: string, help: string, labelNames: string[], read: (gauge: Gauge) => Promise<void> | void): void;
  /** Where METRICS_ADDRESS's listener listens (its port when 0 was asked); null without one. */
  address: AddressInfo | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** The routes whose answers count as sign-ins: the password step. */
const signInRoute = '/api/token/';

/** How long the payments-by-status counts are kept between scrapes (ms): several scrapers cost one query. */
const statusCountTtlMs = 15_000;

/** Time and count of requests by route and status, the requests in flight, and the sign-ins by result. */
function measureRequests(app: FastifyInstance, registry: Registry) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  let inFlight = 0;
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being answered now',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  const signIns = new Counter({
    name: 'sign_ins_total',
    help: 'Password sign-ins by result: success, failure (a wrong password or refused input), throttled (429)',
    labelNames: ['result'],
    registers: [registry],
  });
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    inFlight += 1;
    counted.add(request);
  });
  const finish = (request: FastifyRequest) => {
    if (!counted.delete(request)) return false;
    inFlight -= 1;
    return true;
  };
  app.addHook('onRequestAbort', async (request) => {
    finish(request);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!finish(request)) return;
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1_000,
    );
    if (route === signInRoute && request.method === 'POST') {
      const status = reply.statusCode;
      signIns.inc({ result: status === 200 ? 'success' : status === 429 ? 'throttled' : 'failure' });
    }
  });
}

/** What is read when scraped: the database pool, the change feed, and the payments by status (the whole database). */
function stateGauges(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the database pool by state (in_use, idle) and requests waiting for one (waiting)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = app.database.poolStats();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'change_feed_reconnects',
    help: "Times this process lost the database's change feed and listened anew",
    registers: [registry],
    collect() {
      this.set(app.changes.reconnects);
    },
  });
  new Gauge({
    name: 'change_feed_live',
    help: "1 while the database's change feed is heard (the caches are used), else 0",
    registers: [registry],
    collect() {
      this.set(app.changes.live ? 1 : 0);
    },
  });
  let statusCounts: { at: number; rows: { status: number; n: number }[] } | null = null;
  new Gauge({
    name: 'payments',
    help: 'Payments by status (the whole database: every process reports the same; aggregate with max)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      if (!statusCounts || Date.now() - statusCounts.at > statusCountTtlMs) {
        const result = await app.db.execute(sql`select status, count(*)::int as n from payments group by status`);
        statusCounts = { at: Date.now(), rows: (result as unknown as { rows: { status: number; n: number }[] }).rows };
      }
      for (const { code, key } of paymentStatuses)
        this.set({ status: key }, statusCounts.rows.find((row) => row.status === code)?.n ?? 0);
    },
  });
}

/** `/metrics` on the app's port behind METRICS_TOKEN, and on METRICS_ADDRESS without one; where the latter listens. */
async function serveMetrics(app: FastifyInstance, config: Config, registry: Registry): Promise<AddressInfo | null> {
  const exposition = async () => ({ type: registry.contentType, body: await registry.metrics() });

  // On the app's port, behind the token: the scraper sends `Authorization: Bearer <METRICS_TOKEN>`.
  if (config.METRICS_TOKEN) {
    const expected = Buffer.from(`Bearer ${config.METRICS_TOKEN}`);
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ detail: drfMessages.notAuthenticated });
      const { type, body } = await exposition();
      return reply.type(type).send(body);
    });
  }

  // On an address of its own (an internal interface), without a token.
  if (config.METRICS_ADDRESS) {
    const colon = config.METRICS_ADDRESS.lastIndexOf(':');
    const host = config.METRICS_ADDRESS.slice(0, colon);
    const port = Number(config.METRICS_ADDRESS.slice(colon + 1));
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      exposition().then(
        ({ type, body }) => res.writeHead(200, { 'content-type': type }).end(body),
        (err: unknown) => {
          app.log.error({ err }, 'metrics scrape failed');
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    return server.address() as AddressInfo;
  }
  return null;
}

export const metricsPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  measureRequests(app, registry);
  stateGauges(app, registry);
  const mails = new Counter({
    name: 'mails_total',
    help: 'Mails handed over by result: sent, failed',
    labelNames: ['result'],
    registers: [registry],
  });
  const formsIssued = new Counter({
    name: 'forms_issued_total',
    help: 'Strict-accountability forms issued in batches by this process',
    registers: [registry],
  });
  const unhandledErrors = new Counter({
    name: 'http_unhandled_errors_total',
    help: 'Requests that failed with an unhandled error (answered 500), by route template',
    labelNames: ['route'],
    registers: [registry],
  });
  const metrics: AppMetrics = {
    registry,
    mails,
    formsIssued,
    unhandledErrors,
    address: null,
    addGauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          await read(this);
        },
      });
    },
  };
  app.decorate('metrics', metrics);

  metrics.address = await serveMetrics(app, config, registry);
});
