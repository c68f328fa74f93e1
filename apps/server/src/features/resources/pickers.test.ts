import { meetsRequirement, pickerRequirement, resources, rolePermissions, roles } from '@dnx/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, userPermissions, users } from '../../db/schema';
import { demoUsers } from '../../demo/data';
import { signInAs } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('pickers (available/) answer only those whose screens show them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const picker = async (email: string, key: string) => {
    const session = await signInAs(t, email);
    return t.app.inject({ method: 'GET', url: `/api/${key}/available/`, headers: session.headers });
  };

  it('keeps drivers, carriers and automobiles from roles C to F, and answers A', async () => {
    for (const role of roles.filter((r) => ['C', 'D', 'E', 'F'].includes(r.letter))) {
      const demo = demoUsers.find((u) => u.role === role.code)!;
      for (const key of ['drivers', 'carriers', 'automobiles', 'tax-payers']) {
        expect((await picker(demo.email, key)).statusCode, `${role.letter} ${key}`).toBe(403);
      }
    }
    for (const key of ['drivers', 'carriers', 'automobiles']) {
      const res = await picker('admin@demo.az', key);
      expect(res.statusCode, key).toBe(200);
      expect(res.json().length, key).toBeGreaterThan(0);
    }
  });

  it('opens a picker to the permission of any one screen that shows it', async () => {
    const inspector = demoUsers.find((u) => u.role === 'inspector')!;
    const grant = (codes: string[]) =>
      t.writeOutside(async (db) => {
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, inspector.email));
        const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.code, codes));
        await db.insert(userPermissions).values(rows.map((p) => ({ userId: user!.id, permissionId: p.id })));
      });
    const status = async (key: string) => (await picker(inspector.email, key)).statusCode;

    // The new-automobile form shows the brand, model and carrier pickers.
    await grant(['add_automobile']);
    for (const key of ['automobile-brands', 'automobile-models', 'carriers']) expect(await status(key), key).toBe(200);
    for (const key of ['drivers', 'tax-payers', 'automobiles', 'fn-coefficients']) {
      expect(await status(key), key).toBe(403);
    }
    // The registry of every form (general-fn, open to every role) filters by region and transport type.
    expect(await status('regions')).toBe(200);
    expect(await status('transport-types')).toBe(200);
    // The users list filters by region: a grant of it opens nothing else.
    await grant(['view_user']);
    expect(await status('drivers')).toBe(403);
  });

  it('declares each picker as "any of" the permissions of its screens, and the roles match the matrix', () => {
    const byRoute = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const resource of resources) {
      const access = byRoute.get(`GET /api/${resource.key}/available/`);
      expect(access, resource.key).toEqual(pickerRequirement(resource.key));
      expect(access).not.toEqual({ permissions: [] });
    }
    // No role but A reads drivers' names through their picker.
    const readers = roles.filter((r) => meetsRequirement(rolePermissions[r.code], pickerRequirement('drivers')));
    expect(readers.map((r) => r.letter)).toEqual(['A']);
  });

  it('gives the coefficients’ picker each value beside its description, and other pickers none (issue 44)', async () => {
    const res = await picker('central@demo.az', 'fn-coefficients');
    expect(res.statusCode).toBe(200);
    const items = res.json() as { id: number; name: string; value?: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items).toContainEqual({ id: expect.any(Number), name: expect.stringContaining('Sumqayıt'), value: '1.5' });
    for (const item of items) expect(item.value).toMatch(/^\d+(\.\d+)?$/);
    const regions = (await picker('central@demo.az', 'regions')).json() as Record<string, unknown>[];
    expect(regions.length).toBeGreaterThan(0);
    for (const region of regions) expect(Object.keys(region).sort()).toEqual(['id', 'name']);
  });
});
