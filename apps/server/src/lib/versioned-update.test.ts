import { findResource, resources, versionMessages, type Group, type User } from '@dnx/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { signInAs, type SignedIn } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Concurrent edits of one record through the API (resources, groups, users): each save names the version it
 * read, so none silently replaces another, and the audit trail's before/after values form one unbroken chain.
 */
describe('versioned updates under concurrency', () => {
  let t: TestApp;
  let admin: SignedIn;
  const routeCompany = findResource('route-companies')!;
  const routeCompanies = routeCompany.apiPath;

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

  /** The audit rows of a record's updates, oldest first. */
  const updates = async (resource: string, recordId: number) =>
    t.database.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.resource, resource), eq(auditLog.recordId, String(recordId))))
      .orderBy(asc(auditLog.id))
      .then((rows) => rows.filter((r) => r.action === 'update'));

  /**
   * `writers` editors at once, each reading the record and saving its own value with the version it read, and
   * reading again after every 409 until its save lands.
   */
  async function raceWriters(
    writers: number,
    read: () => Promise<{ version: number }>,
    save: (writer: number, version: number) => Promise<LightMyRequestResponse>,
  ) {
    let conflicts = 0;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (;;) {
          const { version } = await read();
          const res = await save(writer, version);
          if (res.statusCode === 200 || res.statusCode === 201) return;
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toEqual({ detail: versionMessages.stale, code: 'stale_version' });
          conflicts += 1;
        }
      }),
    );
    return conflicts;
  }

  /** Each row's before is the previous row's after; the first starts from `initial`, the last is `final`. */
  function expectChain(rows: { changes: Record<string, { before: unknown; after: unknown }> }[], field: string) {
    return {
      from(initial: unknown) {
        let previous = initial;
        for (const [index, row] of rows.entries()) {
          expect(row.changes[field]?.before, `row ${index}`).toEqual(previous);
          previous = row.changes[field]?.after;
        }
        return previous;
      },
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az', { steppedUp: true });
  });
  afterAll(() => t.close());

  it('declares the version in the OpenAPI document: read, required on update, and the stale 409', async () => {
    const doc = (await send('GET', '/api/openapi.json')).json();
    const version = { type: 'integer', minimum: 1, maximum: 2147483647 };
    const json = (part: { content: Record<string, { schema: Record<string, unknown> }> }) =>
      part.content['application/json']!.schema as { properties: Record<string, unknown>; required: string[] };
    const updates = [
      ...resources.map((r) => ({ read: `${r.apiPath}{id}/`, update: [`${r.apiPath}{id}/`, 'put', '200'] })),
      { read: '/api/user/groups/{id}/', update: ['/api/user/groups/{id}/', 'put', '200'] },
      { read: '/api/user/users/{id}/', update: ['/api/user/users/update-account/', 'post', '201'] },
    ];
    for (const { read, update } of updates) {
      const [path, method, ok] = update as [string, string, string];
      expect(json(doc.paths[read].get.responses['200']).properties.version, read).toEqual(version);
      const operation = doc.paths[path][method];
      const body = json(operation.requestBody);
      expect(body.properties.version, path).toEqual(version);
      expect(body.required, path).toContain('version');
      expect(JSON.stringify(operation.responses['409']), path).toContain('stale_version');
      expect(operation.responses[ok], path).toBeDefined();
    }
  });

  it('keeps every save of 30 concurrent editors of a route company, with a continuous audit chain', async () => {
    const created = await send('POST', routeCompanies, { name: 'Zaqatala Ekspres', status: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json() as { id: number; name: string; version: number };
    const url = `${routeCompanies}${company.id}/`;
    const writers = 30;

    await raceWriters(
      writers,
      async () => (await send('GET', url)).json(),
      (writer, version) => send('PUT', url, { name: `Zaqatala Ekspres ${writer + 1}`, status: 1, version }),
    );

    const rows = await updates(routeCompany.permission, company.id);
    expect(rows).toHaveLength(writers);
    const last = expectChain(rows, 'name').from(company.name);
    const final = (await send('GET', url)).json();
    expect(final.name).toBe(last);
    expect(final.version).toBe(company.version + writers);
    // Every editor's value was written once: none was lost to another's save.
    expect(new Set(rows.map((r) => r.changes.name!.after)).size).toBe(writers);
  });

  it('answers an update racing a delete of the same record with 200 or 404, never 500', async () => {
    for (let round = 0; round < 5; round += 1) {
      const companies = await Promise.all(
        Array.from({ length: 8 }, async (_, n) => {
          const res = await send('POST', routeCompanies, { name: `Silinən ${round}-${n}`, status: 1 });
          return res.json() as { id: number; version: number };
        }),
      );
      await Promise.all(
        companies.map(async (company, n) => {
          const [put, removed] = await Promise.all([
            send('PUT', `${routeCompanies}${company.id}/`, {
              name: `Dəyişən ${round}-${n}`,
              status: 0,
              version: company.version,
            }),
            send('POST', `${routeCompanies}delete-multiple/`, { pkList: [company.id] }),
          ]);
          expect([200, 404], put.body).toContain(put.statusCode);
          if (put.statusCode === 404) expect(put.json()).toEqual({ detail: 'Not found.' });
          expect(removed.statusCode, removed.body).toBe(200);
          // The delete's audit row names what it removed: the update's value when the update came first.
          const [deleted] = await t.database.db
            .select({ changes: auditLog.changes })
            .from(auditLog)
            .where(
              and(
                eq(auditLog.resource, routeCompany.permission),
                eq(auditLog.recordId, String(company.id)),
                eq(auditLog.action, 'delete'),
              ),
            );
          const removedName = put.statusCode === 200 ? `Dəyişən ${round}-${n}` : `Silinən ${round}-${n}`;
          expect(deleted!.changes.name).toEqual({ before: removedName, after: null });
          expect((await send('GET', `${routeCompanies}${company.id}/`)).statusCode).toBe(404);
        }),
      );
    }
  });

  it('answers a group or account update racing its delete with success or 404; the delete audits what it removed', async () => {
    const [region] = (await send('GET', '/api/regions/available/')).json() as { id: number }[];
    const deletedBefore = async (resource: string, recordId: number, field: string) => {
      const [row] = await t.database.db
        .select({ changes: auditLog.changes })
        .from(auditLog)
        .where(
          and(eq(auditLog.resource, resource), eq(auditLog.recordId, String(recordId)), eq(auditLog.action, 'delete')),
        );
      return row!.changes[field]!.before;
    };
    await Promise.all(
      Array.from({ length: 8 }, async (_, n) => {
        const group = (await send('POST', '/api/user/groups/', { name: `Silinən qrup ${n}`, permissions: [] })).json();
        const [put, removed] = await Promise.all([
          send('PUT', `/api/user/groups/${group.id}/`, { name: `Dəyişən qrup ${n}`, permissions: [], version: 1 }),
          t.app.inject({ method: 'DELETE', url: `/api/user/groups/${group.id}/`, headers: admin.headers }),
        ]);
        expect([200, 404], put.body).toContain(put.statusCode);
        expect(removed.statusCode, removed.body).toBe(200);
        const removedName = put.statusCode === 200 ? `Dəyişən qrup ${n}` : `Silinən qrup ${n}`;
        expect(await deletedBefore('group', group.id, 'name')).toBe(removedName);
      }),
    );
    await Promise.all(
      Array.from({ length: 8 }, async (_, n) => {
        const account = {
          email: `silinen${n}@test.az`,
          first_name: 'Silinən',
          last_name: 'Hesab',
          parent_name: 'Yoxlama',
          phone: '+994501112233',
          date_of_birth: '1985-03-04',
          region: region!.id,
          groups: [],
          user_permissions: [],
        };
        const created = await send('POST', '/api/user/users/create-account/', {
          ...account,
          password: 'Parol1234',
          confirm_password: 'Parol1234',
        });
        const user = created.json().data.data as User;
        const [put, removed] = await Promise.all([
          send('POST', '/api/user/users/update-account/', {
            ...account,
            id: user.id,
            first_name: 'Dəyişən',
            version: 1,
          }),
          send('POST', '/api/user/users/delete-multiple/', { pkList: [user.id] }),
        ]);
        expect([201, 404], put.body).toContain(put.statusCode);
        expect(removed.statusCode, removed.body).toBe(200);
        const removedName = put.statusCode === 201 ? 'Dəyişən' : 'Silinən';
        expect(await deletedBefore('user', user.id, 'first_name')).toBe(removedName);
      }),
    );
  });

  it('keeps every save of 20 concurrent editors of a group, with a continuous audit chain', async () => {
    const created = await send('POST', '/api/user/groups/', { name: 'Növbətçilər', permissions: [] });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as Group;
    const url = `/api/user/groups/${group.id}/`;
    const writers = 20;

    await raceWriters(
      writers,
      async () => (await send('GET', url)).json() as Group,
      (writer, version) => send('PUT', url, { name: `Növbətçilər ${writer + 1}`, permissions: [], version }),
    );

    const rows = await updates('group', group.id);
    expect(rows).toHaveLength(writers);
    const last = expectChain(rows, 'name').from(group.name);
    const final = (await send('GET', url)).json() as Group;
    expect(final.name).toBe(last);
    expect(final.version).toBe(group.version + writers);
  });

  it('keeps every save of 20 concurrent editors of an account, with a continuous audit chain', async () => {
    const [region] = (await send('GET', '/api/regions/available/')).json() as { id: number }[];
    const account = {
      email: 'novbe@test.az',
      first_name: 'Rəşad',
      last_name: 'Hüseynov',
      parent_name: 'Əli',
      phone: '+994501112233',
      date_of_birth: '1985-03-04',
      region: region!.id,
      groups: [],
      user_permissions: [],
      is_active: true,
    };
    const created = await send('POST', '/api/user/users/create-account/', {
      ...account,
      password: 'Parol1234',
      confirm_password: 'Parol1234',
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json().data.data as User;
    const url = `/api/user/users/${user.id}/`;
    const writers = 20;

    await raceWriters(
      writers,
      async () => (await send('GET', url)).json() as User,
      (writer, version) =>
        send('POST', '/api/user/users/update-account/', {
          ...account,
          id: user.id,
          first_name: `Rəşad ${writer + 1}`,
          version,
        }),
    );

    const rows = await updates('user', user.id);
    expect(rows).toHaveLength(writers);
    const last = expectChain(rows, 'first_name').from(user.first_name);
    const final = (await send('GET', url)).json() as User;
    expect(final.first_name).toBe(last);
    expect(final.version).toBe(user.version + writers);
  });
});
