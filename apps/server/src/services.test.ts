import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importKit } from './features/imports/import-test-kit';
import { signInAs } from './test/auth-helpers';
import { createTestApp, type TestApp } from './test/test-app';

// How many times the app called each factory of a service (or of a registry gateway) while it was built.
const built = vi.hoisted(() => {
  const counts = new Map<string, number>();
  /** The module with `name` counted each time it is called; the module is otherwise the real one. */
  const counting = <M extends Record<string, unknown>>(actual: M, ...names: (keyof M & string)[]) => {
    const wrapped: Record<string, unknown> = { ...actual };
    for (const name of names) {
      const real = actual[name] as (...args: unknown[]) => unknown;
      wrapped[name] = (...args: unknown[]) => {
        counts.set(name, (counts.get(name) ?? 0) + 1);
        return real(...args);
      };
    }
    return wrapped as M;
  };
  return { counts, counting };
});

vi.mock('./features/payments/payment-service', async (original) =>
  built.counting(await original<typeof import('./features/payments/payment-service')>(), 'createPaymentService'),
);
vi.mock('./features/fn/form-service', async (original) =>
  built.counting(await original<typeof import('./features/fn/form-service')>(), 'createFormService'),
);
vi.mock('./features/fn/batch-service', async (original) =>
  built.counting(await original<typeof import('./features/fn/batch-service')>(), 'createBatchService'),
);
vi.mock('./features/users/service', async (original) =>
  built.counting(await original<typeof import('./features/users/service')>(), 'createUserService'),
);
vi.mock('./features/groups/service', async (original) =>
  built.counting(await original<typeof import('./features/groups/service')>(), 'createGroupService'),
);
vi.mock('./features/profile/service', async (original) =>
  built.counting(await original<typeof import('./features/profile/service')>(), 'createProfileService'),
);
vi.mock('./features/views/service', async (original) =>
  built.counting(await original<typeof import('./features/views/service')>(), 'createViewsService'),
);
vi.mock('./features/audit/service', async (original) =>
  built.counting(await original<typeof import('./features/audit/service')>(), 'createAuditService'),
);
vi.mock('./features/bus-routes/service', async (original) =>
  built.counting(await original<typeof import('./features/bus-routes/service')>(), 'createBusRouteService'),
);
vi.mock('./features/online/service', async (original) =>
  built.counting(await original<typeof import('./features/online/service')>(), 'createOnlineService'),
);
vi.mock('./features/reports/service', async (original) =>
  built.counting(await original<typeof import('./features/reports/service')>(), 'createReportService'),
);
vi.mock('./features/reports/statistics', async (original) =>
  built.counting(await original<typeof import('./features/reports/statistics')>(), 'createStatistics'),
);
vi.mock('./features/search/service', async (original) =>
  built.counting(await original<typeof import('./features/search/service')>(), 'createSearchService'),
);
vi.mock('./features/imports/service', async (original) =>
  built.counting(await original<typeof import('./features/imports/service')>(), 'createImportService'),
);
vi.mock('./features/bank-statements/service', async (original) =>
  built.counting(await original<typeof import('./features/bank-statements/service')>(), 'createBankStatementService'),
);
vi.mock('./features/registry/local-registry', async (original) =>
  built.counting(await original<typeof import('./features/registry/local-registry')>(), 'createLocalRegistry'),
);

/**
 * The composition root (services.ts, issue 42): each service and the registry gateway are built once a process, by
 * it; a route plugin takes them from `app.services`. The registry gateway was built twice (the registry's lookups
 * and the online requests each made one), the bus routes' service once more by each import of bus routes.
 */
describe('the composition root', () => {
  let t: TestApp;
  const seen: FastifyInstance['services'][] = [];
  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      // Two route plugins of their own, each in its own context as every feature's routes are.
      extend: (app) => {
        for (let i = 0; i < 2; i += 1)
          void app.register(async (child) => {
            seen.push(child.services);
          });
      },
    });
  });
  afterAll(async () => t?.close());

  it('builds each service and the registry gateway once', () => {
    expect(Object.fromEntries(built.counts)).toEqual({
      createPaymentService: 1,
      createFormService: 1,
      createBatchService: 1,
      createUserService: 1,
      createGroupService: 1,
      createProfileService: 1,
      createViewsService: 1,
      createAuditService: 1,
      createBusRouteService: 1,
      createOnlineService: 1,
      createReportService: 1,
      createStatistics: 1,
      createSearchService: 1,
      createImportService: 1,
      createBankStatementService: 1,
      createLocalRegistry: 1,
    });
  });

  it('gives every route plugin the same services', () => {
    expect(seen).toHaveLength(2);
    expect(t.app.services.payments).toBeDefined();
    expect(seen[0]).toBe(t.app.services);
    expect(seen[1]).toBe(t.app.services);
  });

  it('builds none again while it answers', async () => {
    const before = Object.fromEntries(built.counts);
    const answers = await Promise.all(
      ['/api/search/?q=test', '/api/bus-routes/', '/api/reports/statistics/', '/api/registry/vehicles/10AA100/'].map(
        (url) => t.app.inject({ method: 'GET', url }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(401);
    expect(Object.fromEntries(built.counts)).toEqual(before);
  });

  it('builds none again for an import of bus routes', async () => {
    const admin = (await signInAs(t, 'admin@demo.az')).headers;
    const { imported } = importKit(
      () => t,
      () => admin,
    );
    const before = Object.fromEntries(built.counts);
    const file = await t.app.inject({ method: 'GET', url: '/api/bus-routes/export/?format=csv', headers: admin });
    expect(file.statusCode).toBe(200);
    const result = await imported('bus-routes', file.rawPayload, 'marsrutlar.csv');
    expect(result.status, result.error ?? '').toBe('previewed');
    expect(Object.fromEntries(built.counts)).toEqual(before);
  });
});
