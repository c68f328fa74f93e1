import path from 'node:path';
import compress from '@fastify/compress';
import { errorMessages, setCommonPasswordCheck } from '@dnx/shared';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { ConfigError, type Config } from './config';
import { openControlSocket } from './control-socket';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrate } from './db/migrate';
import { syncAccessModel } from './db/seed/access-model';
import { hasUsers, seedDemo } from './demo/seed';
import { auditRoutes } from './features/audit/routes';
import { bankStatementRoutes } from './features/bank-statements/routes';
import { authRoutes } from './features/auth/routes';
import { captchaRoutes } from './features/captcha/routes';
import { directoryAdminRoutes, directoryRoutes } from './features/directory';
import { groupRoutes } from './features/groups/routes';
import { fnRoutes } from './features/fn/routes';
import { healthRoutes } from './features/health/routes';
import { jobsPlugin } from './features/jobs/plugin';
import { jobRoutes } from './features/jobs/routes';
import { livePositionPlugin } from './features/live';
import { liveRoutes } from './features/live/routes';
import { importRoutes } from './features/imports/routes';
import { inspectRoutes } from './features/inspect/routes';
import { mailPlugin } from './features/mail/plugin';
import { reportSummaryWorkerPlugin } from './features/reports/summary-worker';
import { mfaPlugin } from './features/auth/factor-plugin';
import { mfaRoutes } from './features/auth/factor-routes';
import { mailRoutes } from './features/mail/routes';
import { searchRoutes } from './features/search/routes';
import { reminderRoutes } from './features/reminders/routes';
import { sessionRoutes } from './features/auth/session-routes';
import { reportRoutes } from './features/reports/routes';
import { busRouteRoutes } from './features/bus-routes/routes';
import { onlineRoutes } from './features/online/routes';
import { paymentRoutes } from './features/payments/routes';
import { profileRoutes } from './features/profile/routes';
import { registryRoutes } from './features/registry/routes';
import { allResourceRoutes } from './features/resources/routes';
import { userRoutes } from './features/users/routes';
import { viewRoutes } from './features/views/routes';
import { loggerOptions } from './lib/logging';
import { isCommonPassword } from './lib/common-passwords';
import { idempotencyPlugin } from './lib/idempotency';
import { defaultWebDist } from './paths';
import { auditContextPlugin } from './plugins/audit-context';
import { authPlugin } from './plugins/auth';
import { captchaPlugin } from './plugins/captcha';
import { changesPlugin } from './plugins/changes';
import { databasePlugin } from './plugins/database';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { languagePlugin } from './plugins/language';
import { openapiPlugin } from './plugins/openapi';
import { requestIdHeader, requestIdOf, requestIdPlugin } from './plugins/request-id';
import { metricsPlugin } from './plugins/metrics';
import { readinessPlugin } from './plugins/readiness';
import { securityPlugin } from './plugins/security';
import { servicesPlugin } from './services';
import { shutdownPlugin } from './plugins/shutdown';
import { spaPlugin } from './plugins/spa';
import { workSlotsPlugin } from './plugins/work-slots';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured public origin every absolute link starts with (config.publicOrigin). */
    publicOrigin: string;
  }
}

export interface AppOptions {
  config: Config;
  /** A database opened by the caller (tests); otherwise the app opens and owns one from the config. */
  database?: DatabaseHandle;
  /** Seed demo data: `auto` seeds an empty embedded database outside production. */
  seed?: 'auto' | 'always' | 'never';
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: DestinationStream;
  /** `no-schedule`: the job worker runs but puts nothing on the schedule (tests that run jobs themselves). */
  jobs?: 'schedule' | 'no-schedule';
}

/**
 * Opens the database the config names for `holder` (the server, a command): PostgreSQL, or the embedded folder, which
 * production refuses unless EMBEDDED_DATABASE_IN_PRODUCTION says so on purpose, and which one process holds at a time.
 */
export async function openConfiguredDatabase(config: Config, holder: string) {
  if (!config.DATABASE_URL && config.isProduction && config.EMBEDDED_DATABASE_IN_PRODUCTION !== 'true')
    throw new ConfigError(
      'Refusing to run NODE_ENV=production on the embedded database: set DATABASE_URL to a PostgreSQL server ' +
        '(docs/operations.md), or EMBEDDED_DATABASE_IN_PRODUCTION=true to run one process on PGlite on purpose.',
    );
  return openDatabase({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    ownerUrl: config.MIGRATION_DATABASE_URL,
    timeouts: {
      statementMs: config.DATABASE_STATEMENT_TIMEOUT,
      idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT,
    },
    pgliteDir: path.join(config.dataDir, 'pglite'),
    holder,
  });
}

/** Opens the database the config names and brings it up to date: migrations, access model, demo data. */
export async function prepareDatabase(config: Config, options: Pick<AppOptions, 'database' | 'seed'> = {}) {
  const handle = options.database ?? (await openConfiguredDatabase(config, `the server (port ${config.PORT})`));
  await migrate(handle);
  // Everything after the migrations, requests included, acts as the app's role: the audit trail is append-only to it.
  await handle.useAppRole();
  await syncAccessModel(handle.db);
  const seed = options.seed ?? (config.SEED_DEMO === 'never' ? 'never' : 'auto');
  const seedNow =
    seed === 'always' ||
    (seed === 'auto' && handle.kind === 'pglite' && !config.isProduction && !(await hasUsers(handle.db)));
  if (seedNow) await seedDemo(handle.db);
  return { handle, seeded: seedNow };
}

/** Off by default, so a client cannot pick its own address (and escape per-address limits) with a header. */
function trustProxySetting(value: string | undefined): FastifyServerOptions['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((address) => address.trim());
}

/** The one app factory: `npm start` and every test build the server through it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // The shared password rule refuses common and breached passwords on every path that sets one.
  setCommonPasswordCheck(isCommonPassword);
  const { handle } = await prepareDatabase(config, options);

  const app = Fastify({
    // Never SQL parameters, passwords, hashes, tokens or credentials headers (lib/logging.ts).
    logger: loggerOptions(config, options.logStream),
    routerOptions: { ignoreTrailingSlash: true },
    // The id of a proxy's or client's valid X-Request-Id, else a UUID: in every log line, the answer and the audit.
    genReqId: (request) => requestIdOf(request.headers[requestIdHeader]),
    requestIdHeader: false,
    // Health probes come every few seconds from each balancer and orchestrator: their lines would drown the rest.
    logController: new LogController({
      disableRequestLogging: (request: { url?: string }) => request.url?.startsWith('/api/health/') ?? false,
    }),
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    // Drain (plugins/shutdown.ts): requests arriving while closing get our 503 in DRF's shape, not Fastify's.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // A path that cannot be decoded (`/api/regions/%FF/`) names no record: 404 in DRF's shape, no framework code.
    frameworkErrors: (error, _request, reply) => {
      const notFound = error.code === 'FST_ERR_BAD_URL';
      reply.raw.writeHead(notFound ? 404 : 400, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      reply.raw.end(JSON.stringify({ detail: notFound ? errorMessages.notFound : errorMessages.jsonParse }));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('publicOrigin', config.publicOrigin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestIdPlugin);
  // Early: every request is measured, those refused by a later hook (a drain's 503) too.
  await app.register(metricsPlugin, { config });
  await app.register(errorsPlugin, { config });
  // Before compression and idempotency: an answer's messages are translated while it is still JSON text.
  await app.register(languagePlugin);
  await app.register(inputGuardPlugin);
  await app.register(shutdownPlugin);
  await app.register(databasePlugin, { handle, owned: !options.database });
  await app.register(readinessPlugin);
  await app.register(changesPlugin);
  await app.register(securityPlugin);
  // Before compression: an idempotent route's first answer is kept as the JSON text it wrote.
  await app.register(idempotencyPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(openapiPlugin);

  await app.register(auditContextPlugin);
  await app.register(authPlugin, { config });
  await app.register(mailPlugin, { config });
  await app.register(mfaPlugin, { config });
  await app.register(jobsPlugin, {
    schedule: options.jobs !== 'no-schedule',
    bankWindowDays: config.BANK_MATCH_WINDOW_DAYS,
  });
  await app.register(reportSummaryWorkerPlugin, { config });
  await app.register(workSlotsPlugin, { config });
  await app.register(captchaPlugin, { config });
  // The composition root: every service and list cache, built once a process; the routes below take them from it.
  await app.register(servicesPlugin, { config });
  // Every API read says where the live events stood when it began: a tab's first stream resumes from there.
  await app.register(livePositionPlugin);

  await app.register(healthRoutes);
  await app.register(captchaRoutes);
  await app.register(authRoutes);
  await app.register(mfaRoutes);
  await app.register(sessionRoutes, { config });
  await app.register(directoryRoutes);
  await app.register(directoryAdminRoutes);
  await app.register(groupRoutes);
  await app.register(userRoutes);
  await app.register(profileRoutes);
  await app.register(allResourceRoutes);
  await app.register(auditRoutes);
  await app.register(mailRoutes);
  await app.register(jobRoutes);
  await app.register(importRoutes);
  await app.register(bankStatementRoutes);
  await app.register(fnRoutes);
  await app.register(registryRoutes);
  await app.register(paymentRoutes, { config });
  await app.register(onlineRoutes, { config });
  await app.register(busRouteRoutes);
  await app.register(reportRoutes);
  await app.register(reminderRoutes, { config });
  await app.register(searchRoutes);
  await app.register(viewRoutes);
  await app.register(liveRoutes);
  await app.register(inspectRoutes);

  // A command-line task on the embedded database asks this process, which holds it (control-socket.ts).
  if (handle.kind === 'pglite' && !options.database) await openControlSocket(app, config.dataDir);
  await app.register(spaPlugin, { webDist: config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist });
  return app;
}
