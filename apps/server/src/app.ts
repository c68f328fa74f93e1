import path from 'node:path';
import compress from '@fastify/compress';
import { errorMessages } from '@dnx/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrate } from './db/migrate';
import { syncAccessModel } from './db/seed/access-model';
import { hasUsers, seedDemo } from './db/seed/demo';
import { authRoutes } from './features/auth/routes';
import { captchaRoutes } from './features/captcha/routes';
import { groupRoutes } from './features/groups/routes';
import { healthRoutes } from './features/health/routes';
import { profileRoutes } from './features/profile/routes';
import { allResourceRoutes } from './features/resources/routes';
import { userRoutes } from './features/users/routes';
import { defaultWebDist } from './paths';
import { authPlugin } from './plugins/auth';
import { captchaPlugin } from './plugins/captcha';
import { changesPlugin } from './plugins/changes';
import { databasePlugin } from './plugins/database';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { shutdownPlugin } from './plugins/shutdown';
import { spaPlugin } from './plugins/spa';

export interface AppOptions {
  config: Config;
  /** A database opened by the caller (tests); otherwise the app opens and owns one from the config. */
  database?: DatabaseHandle;
  /** Seed demo data: `auto` seeds an empty embedded database outside production. */
  seed?: 'auto' | 'always' | 'never';
}

/** Opens the database the config names and brings it up to date: migrations, access model, demo data. */
export async function prepareDatabase(config: Config, options: Pick<AppOptions, 'database' | 'seed'> = {}) {
  const handle =
    options.database ??
    (await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'pglite') }));
  await migrate(handle);
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
  const { handle } = await prepareDatabase(config, options);

  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    // Drain: stop keeping idle sockets open once close() begins, answer 503 to new requests meanwhile.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // A path that cannot be decoded (`/api/regions/%FF/`) names no record: 404 in DRF's shape, no framework code.
    frameworkErrors: (error, _request, reply) => {
      const notFound = error.code === 'FST_ERR_BAD_URL';
      reply.raw.writeHead(notFound ? 404 : 400, { 'content-type': 'application/json; charset=utf-8' });
      reply.raw.end(JSON.stringify({ detail: notFound ? errorMessages.notFound : errorMessages.jsonParse }));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(shutdownPlugin);
  await app.register(databasePlugin, { handle, owned: !options.database });
  await app.register(changesPlugin);
  await app.register(securityPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(openapiPlugin);

  await app.register(authPlugin, { config });
  await app.register(captchaPlugin, { config });

  await app.register(healthRoutes);
  await app.register(captchaRoutes);
  await app.register(authRoutes, { config });
  await app.register(groupRoutes);
  await app.register(userRoutes, { config });
  await app.register(profileRoutes, { config });
  await app.register(allResourceRoutes);

  await app.register(spaPlugin, { webDist: config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist });
  return app;
}
