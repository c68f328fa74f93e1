import {
  meetsRequirement,
  pickerRequirement,
  resourceInputSchema,
  resourceListSpec,
  resourceMessages as m,
  resources,
  rolePermissions,
  versionMessages,
  type ResourceDefinition,
  type Page as SharedPage,
  type ResourceRecord,
} from '@dnx/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { resourceKit } from './resource-test-kit';
import { usagesOf } from './resource-spec';
import { resourceSpecs, specOf } from './specs';

type Page = SharedPage<ResourceRecord>;

/** One suite, run for every resource of the shared catalogue from its declaration. */
describe.each(resources.map((r) => [r.key, r] as const))('resource %s', (_key, resource: ResourceDefinition) => {
  let t: TestApp;
  let admin: SignedIn;
  const kit = resourceKit(new Proxy({} as TestApp, { get: (_target, name) => t[name as keyof TestApp] }), () => admin);
  const path = resource.apiPath;
  const list = async (query: string) => {
    const res = await kit.send('GET', `${path}${query}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json() as Page;
  };
  const audits = (recordId: number) =>
    t.database.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.resource, resource.permission), eq(auditLog.recordId, String(recordId))))
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az');
  });
  afterAll(() => t.close());

  it('creates (201), reads and updates a record, auditing each write', async () => {
    const input = await kit.sampleInput(resource);
    const created = await kit.send('POST', path, input);
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json() as ResourceRecord;
    const expected = resourceInputSchema(resource).parse(input) as Record<string, unknown>;
    expect(record).toMatchObject(expected);
    for (const field of resource.fields.filter((f) => f.kind === 'reference')) {
      expect(typeof record[`${field.name}_name`], field.name).toBe('string');
    }
    expect((await kit.send('GET', `${path}${record.id}/`)).json()).toEqual(record);

    const changed = await kit.sampleInput(resource);
    expect(record.version).toBe(1);
    const updated = await kit.send('PUT', `${path}${record.id}/`, { ...changed, version: record.version });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: record.id, version: 2, [resource.labelField]: expect.anything() });
    expect((await kit.send('GET', `${path}${record.id}/`)).json()).toEqual(updated.json());
    expect(updated.json()[resource.labelField]).not.toEqual(record[resource.labelField]);

    const rows = await audits(record.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1]!.changes[resource.labelField]).toEqual({
      before: record[resource.labelField],
      after: updated.json()[resource.labelField],
    });
    expect((await kit.send('GET', `${path}999999/`)).statusCode).toBe(404);
  });

  it('refuses a stale version with 409 and a missing or malformed one with 400, changing nothing', async () => {
    const record = await kit.create(resource);
    const url = `${path}${record.id}/`;
    const first = await kit.send('PUT', url, { ...(await kit.sampleInput(resource)), version: record.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(record.version + 1);

    const stale = await kit.send('PUT', url, { ...(await kit.sampleInput(resource)), version: record.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: versionMessages.stale, code: 'stale_version' });
    const ahead = await kit.send('PUT', url, { ...(await kit.sampleInput(resource)), version: record.version + 5 });
    expect(ahead.statusCode).toBe(409);

    const missing = await kit.send('PUT', url, await kit.sampleInput(resource));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ version: ['This field is required.'] });
    for (const version of ['2', 0, -1, 1.5, 2_147_483_648, null]) {
      const bad = await kit.send('PUT', url, { ...(await kit.sampleInput(resource)), version });
      expect(bad.statusCode, String(version)).toBe(400);
      expect(bad.json(), String(version)).toEqual({ version: [versionMessages.invalid] });
    }

    expect((await kit.send('GET', url)).json()).toEqual(first.json());
    expect((await audits(record.id)).map((r) => r.action)).toEqual(['create', 'update']);
    const gone = await kit.send('PUT', `${path}999999/`, { ...(await kit.sampleInput(resource)), version: 1 });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Not found.' });
  });

  it('lists with every declared filter, every order field, search and pages', async () => {
    const record = await kit.create(resource);
    const spec = resourceListSpec(resource);
    for (const [name, kind] of Object.entries(spec.filters)) {
      const value = record[name];
      const query = kind === 'text' ? String(value).slice(0, 12) : Array.isArray(value) ? value[0] : value;
      const page = await list(`?no_page=1&${name}=${encodeURIComponent(String(query))}`);
      expect(
        page.results.map((r) => r.id),
        `filter ${name}=${String(query)}`,
      ).toContain(record.id);
    }
    const total = (await list('?per_page=1')).count;
    for (const field of spec.orderBy) {
      for (const order of ['asc', 'desc']) {
        const all = await list(`?no_page=1&order_by=${field}&order=${order}`);
        expect(all.count, `${field} ${order}`).toBe(total);
        // Every page, whichever end it is read from, is the matching slice of the whole order.
        const perPage = Math.max(1, Math.ceil(total / 3));
        for (let page = 1; page <= Math.ceil(total / perPage); page += 1) {
          const slice = await list(`?per_page=${perPage}&page=${page}&order_by=${field}&order=${order}`);
          const ids = all.results.slice((page - 1) * perPage, page * perPage).map((r) => r.id);
          expect(
            slice.results.map((r) => r.id),
            `${field} ${order} page ${page}`,
          ).toEqual(ids);
        }
      }
    }
    const searchable = resource.fields.find((f) => f.search);
    if (searchable) {
      const word = String(record[searchable.name]).toLocaleUpperCase('az').slice(0, 10);
      expect((await list(`?no_page=1&search=${encodeURIComponent(word)}`)).results.map((r) => r.id)).toContain(
        record.id,
      );
    }
    const first = await list('?per_page=1');
    expect(first.previous).toBeNull();
    if (first.count > 1) expect(first.next).toMatch(/page=2/);
    expect((await kit.send('GET', `${path}?page=99999`)).json()).toEqual({ detail: 'Invalid page.' });
    expect((await kit.send('GET', `${path}?order_by=unknown`)).statusCode).toBe(400);
  });

  it('answers field errors in their slots', async () => {
    const res = await kit.send('POST', path, {});
    expect(res.statusCode).toBe(400);
    const errors = res.json() as Record<string, string[]>;
    for (const field of resource.fields.filter((f) => f.required && !f.readOnly)) {
      expect(errors[field.name], field.name).toHaveLength(1);
    }
    for (const field of resource.fields.filter((f) => f.kind === 'reference')) {
      const unknown = await kit.send('POST', path, { ...(await kit.sampleInput(resource)), [field.name]: 999999 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()[field.name], field.name).toEqual([m.unknownReference(field.label)]);
    }
  });

  // Only what applies to the resource is declared (no skipped tests).
  if (resource.uniqueName)
    it('keeps names unique whatever the case and Azerbaijani letters', async () => {
      const first = await kit.create(resource, { name: 'İsmayıllı Şəki-Qəbələ' });
      const taken = await kit.send('POST', path, await kit.sampleInput(resource, { name: 'ismayilli SEKI-qebele' }));
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ name: [m.nameTaken] });
      const other = await kit.create(resource);
      const renamed = await kit.send('PUT', `${path}${other.id}/`, {
        ...(await kit.sampleInput(resource, { name: 'ISMAYILLI şəki-qəbələ' })),
        version: other.version,
      });
      expect(renamed.json()).toEqual({ name: [m.nameTaken] });
      // Saving a record under its own name is no clash.
      const same = await kit.send('PUT', `${path}${first.id}/`, {
        ...(await kit.sampleInput(resource, { name: 'İsmayıllı Şəki-Qəbələ' })),
        version: first.version,
      });
      expect(same.statusCode, same.body).toBe(200);
    });

  it('deletes many at once, all or nothing, auditing each', async () => {
    const a = await kit.create(resource);
    const b = await kit.create(resource);
    const missing = await kit.send('POST', `${path}delete-multiple/`, { pkList: [a.id, 999999] });
    expect(missing.statusCode).toBe(404);
    expect((await kit.send('GET', `${path}${a.id}/`)).statusCode).toBe(200);
    const before = (await list('?per_page=1')).count;
    const res = await kit.send('POST', `${path}delete-multiple/`, { pkList: [a.id, b.id, a.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pkList: [a.id, b.id] });
    expect((await kit.send('GET', `${path}${b.id}/`)).statusCode).toBe(404);
    expect((await list('?per_page=1')).count).toBe(before - 2);
    expect((await audits(a.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  const usages = usagesOf(specOf(resource.key), resourceSpecs);
  const referencing = resources.flatMap((other) =>
    other.fields
      .filter((f) => f.kind === 'reference' && f.reference === resource.key)
      .map((f) => ({ other, field: f })),
  );

  if (usages.length > 0)
    it('refuses (409) to delete a record in use, naming its users, and keeps it', async () => {
      let used: number;
      let noun: string;
      if (referencing.length > 0) {
        const { other, field } = referencing[0]!;
        used = (await kit.create(resource)).id;
        await kit.create(other, { [field.name]: used });
        noun = usages.find((u) => u.table === specOf(other.key).table)!.noun;
      } else if (resource.key === 'regions') {
        // Regions: the demo users work in Bakı.
        used = (await kit.send('GET', `${path}?name=Bak%C4%B1&no_page=1`)).json().results[0].id;
        noun = usages[0]!.noun;
      } else {
        // Used by a table that is not a resource (the demo form batches use a transport type and a coefficient).
        const usage = usages[0]!;
        const [row] = await t.database.db.select({ id: usage.column }).from(usage.table).limit(1);
        used = row!.id as number;
        noun = usage.noun;
      }
      const spare = await kit.create(resource);
      const res = await kit.send('POST', `${path}delete-multiple/`, { pkList: [spare.id, used] });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(new RegExp(`^${m.inUse('').slice(0, 20)}.*\\d+ ${noun}`));
      expect((await kit.send('GET', `${path}${spare.id}/`)).statusCode).toBe(200);
      expect((await kit.send('GET', `${path}${used}/`)).statusCode).toBe(200);
    });

  it('offers active records as {id, name} for pickers, only to those whose screens show them', async () => {
    const active = await kit.create(resource);
    const hasStatus = resource.fields.some((f) => f.kind === 'status');
    const inactive = hasStatus ? await kit.create(resource, { status: 0 }) : null;
    const res = await kit.send('GET', `${path}available/`);
    expect(res.statusCode).toBe(200);
    const items = res.json() as { id: number; name: string }[];
    expect(items.find((i) => i.id === active.id)?.name).toEqual(expect.any(String));
    if (inactive) expect(items.map((i) => i.id)).not.toContain(inactive.id);
    // The operator reads a picker only when one of their screens shows it (the batch form picks a region, a
    // transport type and a coefficient), and never the list itself (pickers.test.ts: who may read which).
    const operator = await signInAs(t, 'operator@demo.az');
    const showsPicker = meetsRequirement(rolePermissions.operator, pickerRequirement(resource.key));
    expect(
      (await t.app.inject({ method: 'GET', url: `${path}available/`, headers: operator.headers })).statusCode,
    ).toBe(showsPicker ? 200 : 403);
    expect((await t.app.inject({ method: 'GET', url: path, headers: operator.headers })).statusCode).toBe(403);
  });
});
