import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

// Every list cache the app makes, by the tables it follows (the first is the list's own).
const made = vi.hoisted(() => [] as string[][]);
// Every sign-in service the app builds.
const authServices = vi.hoisted(() => ({ built: 0 }));
vi.mock('./features/auth/service', async (original) => {
  const actual = await original<typeof import('./features/auth/service')>();
  return {
    ...actual,
    createAuthService: (...args: Parameters<typeof actual.createAuthService>) => {
      authServices.built += 1;
      return actual.createAuthService(...args);
    },
  };
});
vi.mock('./lib/list/live-lists', async (original) => {
  const actual = await original<typeof import('./lib/list/live-lists')>();
  return {
    ...actual,
    createListCaches: (...args: Parameters<typeof actual.createListCaches>) => {
      made.push([...args[1]]);
      return actual.createListCaches(...args);
    },
  };
});

/**
 * A service with list caches is built once a process (issues 41 and 42): each copy of a cache followed every change
 * of its tables on the write path, and the forms' was made three times (the fn screens, the payments' picker, the
 * home statistics), the payments' twice.
 */
describe('services built once a process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('makes one list cache of the forms, one of the batches and one of the payments', () => {
    const of = (table: string) => made.filter((tables) => tables[0] === table);
    expect(of('fn_forms')).toHaveLength(1);
    expect(of('fn_batches')).toHaveLength(1);
    expect(of('payments')).toHaveLength(1);
    // Each list's own table once: no list is cached twice (search's resources were made again, 4 of them).
    const lists = made.map((tables) => tables[0]);
    expect(new Set(lists).size).toBe(lists.length);
  });

  it('builds the sign-in service once (the sign-in routes and the accounts screens built one each)', () => {
    expect(authServices.built).toBe(1);
  });

  it('makes no list cache again for a search or an import after the start', async () => {
    const before = made.length;
    const search = await t.app.inject({ method: 'GET', url: '/api/search/?q=test' });
    expect(search.statusCode).toBe(401);
    const { resourceParts } = await import('./features/resources/routes');
    const { resourceSpecs } = await import('./features/resources/specs');
    for (const spec of resourceSpecs) expect(resourceParts(t.app, spec)).toBe(resourceParts(t.app, spec));
    expect(made.length).toBe(before);
  });
});
