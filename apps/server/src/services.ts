import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config';
import { openDatabase, type Transaction } from './db/client';
import { createAuditService } from './features/audit/service';
import { createAuthService } from './features/auth/service';
import { linkLateCredits } from './features/bank-statements';
import { createBankStatementService } from './features/bank-statements/service';
import { createBusRouteService } from './features/bus-routes/service';
import { createDirectoryService } from './features/directory';
import { createBatchService } from './features/fn/batch-service';
import { createFormService } from './features/fn/form-service';
import { createGroupService } from './features/groups/service';
import { createImportService } from './features/imports/service';
import { createLive } from './features/live';
import { createInspectService, createSigningKeys, signReceipt } from './features/inspect';
import { createOnlineService } from './features/online/service';
import { createPaymentService } from './features/payments/payment-service';
import { createProfileService } from './features/profile/service';
import { registryGateway } from './features/registry/routes';
import { createReportService } from './features/reports/service';
import { createStatistics } from './features/reports/statistics';
import { buildResourceCatalogue } from './features/resources/parts';
import { createSearchService } from './features/search/service';
import { createUserListCaches } from './features/users/repository';
import { createUserService } from './features/users/service';
import { createViewsService } from './features/views/service';
import { createListCaches } from './lib/list/list-query';

/**
 * The composition root (issue 42): every feature's service and every list cache of the server, built once a process
 * and in one place, here. A route plugin takes what it needs from `app.services`; it never builds a service or a
 * cache of its own (services.test.ts counts the constructions).
 *
 * Below this, on the ground floor, the app's plugins give what the services are built from (app.ts registers them
 * first): `app.db` and `app.changes` (the change feed every cache follows), `app.tokens` and `app.captcha`
 * (plugins/), `app.mailer` (features/mail/plugin.ts) and `app.mfa` (features/auth/factor-plugin.ts, whose step-up
 * hook runs on every request).
 */
export async function buildServices(app: FastifyInstance, config: Config) {
  const { db, changes } = app;

  // Reports and their files read from REPORTS_DATABASE_URL (a read replica) when it is set.
  const replica = config.REPORTS_DATABASE_URL
    ? await openDatabase({ url: config.REPORTS_DATABASE_URL, poolSize: 10, role: 'replica' })
    : null;
  if (replica) {
    app.addHook('onClose', () => replica.close());
    app.readinessChecks.set('replica', () => replica.ping());
  }
  const reportsDb = replica?.db ?? db;

  // Each list's caches once: one cache of a list follows each change once, whichever screen reads it. A forms list
  // joins its batch (region, operator); a batches list names its operator and region; a payment reads its rows and
  // forms.
  const formCaches = createListCaches(changes, ['fn_forms', 'fn_batches']);
  const batchCaches = createListCaches(changes, ['fn_batches', 'users', 'regions']);
  const paymentCaches = createListCaches(changes, ['payments', 'payment_rows', 'fn_forms']);

  const fn = { forms: createFormService(db, formCaches), batches: createBatchService(db, batchCaches), formCaches };
  // The authority's signing keys (issue 46): the receipts' QR codes and the inspectors' snapshots.
  const signingKeys = createSigningKeys(db, config, changes);
  // A credit that came before its payment was paid is matched when it is paid (issue 57), in a savepoint: a lost
  // race with an upload leaves the payment paid, and the job bank-late-credits matches it later.
  const afterPaid = async (tx: Transaction, paymentId: number) => {
    try {
      await tx.transaction((savepoint) => linkLateCredits(savepoint, paymentId, config.BANK_MATCH_WINDOW_DAYS));
    } catch (err) {
      app.log.warn({ err, paymentId }, 'bank: late credits not matched now; the job bank-late-credits will');
    }
  };
  const payments = createPaymentService(
    db,
    app.publicOrigin,
    paymentCaches,
    (claims) => signReceipt(signingKeys, claims),
    afterPaid,
  );
  const resources = buildResourceCatalogue(db, changes);
  const registry = registryGateway(db, config);
  const { mfa } = app;
  // The sign-in's deps, shared by the directory's sign-in (issue 59), which builds on it and gives it its hooks.
  const authDeps = {
    db,
    config,
    tokens: app.tokens,
    captcha: app.captcha,
    mailer: app.mailer,
    mfa,
    log: app.log,
  };
  const directory = createDirectoryService(authDeps);

  return {
    /** The forms' and batches' services, and the forms' list caches (the payments' form picker reads them too). */
    fn,
    /** The authority's Ed25519 keys: the signing key and the published set (features/inspect). */
    signingKeys,
    /** The inspector's phone: the signed snapshot of the marks and the checks it sends back. */
    inspect: createInspectService(db, signingKeys, config),
    /** The payments (the payments screens, the online requests' payments, the home statistics). */
    payments,
    /** Every declared resource's repository and service (its routes, search, the imports' rows). */
    resources,
    /** Sign-in, tokens, sessions and password recovery (the sign-in routes, the accounts' reset mail). */
    signIn: createAuthService({ ...authDeps, directory: directory.hooks }),
    /** Sign-in through the agency's directory: OpenID Connect, LDAP, its logout, the admin's preview (issue 59). */
    directory,
    users: createUserService(
      db,
      {
        requireStepUp: (actor, executor, scope) => mfa.requireStepUp(actor.id, actor.sessionId, executor, scope),
        hasFactor: (userId) => mfa.hasFactor(userId),
        reset: (actor, target) => mfa.reset(actor, target),
        endSessionsLackingFactor: (executor, userId) => mfa.endSessionsLackingFactor(executor, { userId }),
      },
      createUserListCaches(changes),
    ),
    groups: createGroupService(db, (executor, groupId) => mfa.endSessionsLackingFactor(executor, { groupId })),
    profile: createProfileService(db, config),
    views: createViewsService(db),
    audit: createAuditService(db),
    busRoutes: createBusRouteService(db),
    /** Where the payment rows' lookups go: the external registry at REGISTRY_URL, else the project's own records. */
    registry,
    online: createOnlineService({
      db,
      config,
      captcha: app.captcha,
      registry,
      payments,
      publicOrigin: app.publicOrigin,
    }),
    reports: createReportService(reportsDb),
    /** The database the reports' detail rows and files read (the replica when there is one). */
    reportsDb,
    /** The home numbers: each its list's count, from the lists' own services. */
    statistics: createStatistics(db, { ...fn, payments }),
    search: createSearchService(db, resources),
    imports: createImportService(app, config),
    /** Bank statements: the upload, matching to payments, differences and their resolution. */
    bankStatements: createBankStatementService(app, config),
    /** The live back office: the event streams, the menu's counts and the editors' presence (issue 47). */
    live: createLive(app, config, { batches: fn.batches }),
  };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service and list cache of the server, built once a process (services.ts). */
    services: Services;
  }
}

/** Registered by app.ts after the ground floor's plugins and before every route. */
export const servicesPlugin = fp<{ config: Config }>(async (app, { config }) => {
  app.decorate('services', await buildServices(app, config));
});
