import { busRouteExportColumns, importMessages, importResources, resources } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importKit } from './import-test-kit';

/**
 * Imports through the API (issue 28), on both databases: export -> import changes nothing for every list; one bad
 * row among 1,000 applies nothing and names the row; new, changed and unchanged counted and written; an apply
 * happens once; only an administrator imports.
 */
describe('imports', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  const apiPath = (resource: string) => resources.find((r) => r.key === resource)!.apiPath;

  const { upload, settled, imported, apply, csv } = importKit(
    () => t,
    () => admin,
  );

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az')).headers;
  });
  afterAll(async () => t?.close());

  it('only an administrator imports', async () => {
    const cashier = (await signInAs(t, 'cashier@demo.az')).headers;
    expect((await upload('cities', csv(['Ad,Status', 'Şəki,Aktiv']), 'a.csv', cashier)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/imports/', headers: cashier })).statusCode).toBe(403);
  });

  it('imports back every list its export writes, in Excel and CSV, and finds nothing to change', async () => {
    for (const resource of importResources) {
      for (const format of ['xlsx', 'csv'] as const) {
        const file = await t.app.inject({
          method: 'GET',
          url: `${apiPath(resource)}export/?format=${format}`,
          headers: admin,
        });
        expect(file.statusCode, `${resource} export`).toBe(200);
        const result = await imported(resource, file.rawPayload, `export.${format}`);
        const total = Number(file.headers['x-export-rows']);
        expect(result.status, `${resource} ${format}: ${result.error}`).toBe('previewed');
        if (result.counts.error > 0) {
          const errors = await t.app.inject({
            method: 'GET',
            url: `/api/imports/${result.id}/rows/?outcome=error`,
            headers: admin,
          });
          expect.fail(`${resource} ${format}: ${errors.body}`);
        }
        expect(result.counts, `${resource} ${format}`).toEqual({ new: 0, changed: 0, unchanged: total, error: 0 });
      }
    }
  });

  it('counts new, changed and unchanged rows, shows what changes, applies them audited with the import, once', async () => {
    const cities = await rows<{ name: string }>(sql`select name from cities order by id limit 2`);
    const file = csv(['Ad;Status', `${cities[0]!.name};Aktiv`, `${cities[1]!.name};Deaktiv`, 'Yeni Şəhər İdxal;Aktiv']);
    const preview = await imported('cities', file, 'seherler.csv');
    expect(preview.counts).toEqual({ new: 1, changed: 1, unchanged: 1, error: 0 });
    const changed = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${preview.id}/rows/?outcome=changed`,
      headers: admin,
    });
    expect(changed.json().results).toEqual([
      expect.objectContaining({
        row: 3,
        key: cities[1]!.name,
        changes: [expect.objectContaining({ field: 'status', after: 'Deaktiv' })],
      }),
    ]);

    // Two applies at once: one is taken, the other refused; the rows are written once.
    const [a, b] = await Promise.all([apply(preview.id), apply(preview.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const done = await settled(preview.id, ['applied', 'failed']);
    expect(done.status, done.error).toBe('applied');
    expect(await rows(sql`select status from cities where name = ${cities[1]!.name}`)).toEqual([{ status: 0 }]);
    expect(await rows(sql`select count(*)::int as n from cities where name = 'Yeni Şəhər İdxal'`)).toEqual([{ n: 1 }]);
    const audit = await rows<{ action: string }>(
      sql`select action from audit_log where detail->>'import' = ${String(preview.id)} order by id`,
    );
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'update']);
    const again = await apply(preview.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(importMessages.alreadyApplied);

    // The same file again changes nothing.
    const second = await imported('cities', file, 'seherler.csv');
    expect(second.counts).toEqual({ new: 0, changed: 0, unchanged: 3, error: 0 });
  });

  it('imports bus routes with their companies and stops: export -> import changes nothing; changed, new and wrong rows', async () => {
    const [region] = await rows<{ id: number; name: string }>(sql`select id, name from regions where name = 'Gəncə'`);
    const [city, other] = await rows<{ id: number; name: string }>(
      sql`select id, name from cities order by id limit 2`,
    );
    const companies = await rows<{ id: number; name: string }>(
      sql`select id, name from route_companies order by id limit 2`,
    );
    const [bus] = await rows<{ id: number; name: string }>(
      sql`select id, name from transport_types where fee_group = 'seat' order by id limit 1`,
    );
    const route = {
      transport_type: bus!.id,
      name: 'İdxal — Marşrut',
      number: 'IMP-1',
      region: region!.id,
      city: city!.id,
      destination_city: other!.id,
      cover: 'Şəhərlərarası',
      route_length_straight: '42,5',
      fare: '0,80',
      start_time: '06:30',
      route_companies: companies.map((c) => c.id),
      route_points: [
        { name: 'Avtovağzal', lat: '40.6828', lng: '46.3606' },
        { name: 'Bazar, mərkəz' },
        { name: 'Son' },
      ],
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/bus-routes/', headers: admin, payload: route });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;

    for (const format of ['xlsx', 'csv'] as const) {
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/bus-routes/export/?format=${format}`,
        headers: admin,
      });
      const result = await imported('bus-routes', file.rawPayload, `marsrutlar.${format}`);
      expect(result.counts, `${format}: ${JSON.stringify(result)}`).toEqual({
        new: 0,
        changed: 0,
        unchanged: Number(file.headers['x-export-rows']),
        error: 0,
      });
    }

    const header = Object.entries(busRouteExportColumns).filter(
      ([key]) => !['id', 'points_count', 'created_at'].includes(key),
    );
    const line = (values: Record<string, string>) => header.map(([key]) => `"${values[key] ?? ''}"`).join(';');
    const base = {
      number: 'IMP-1',
      name: 'İdxal — Marşrut',
      transport_type: bus!.name,
      region: region!.name,
      city: city!.name,
      destination_city: other!.name,
      cover: 'Şəhərlərarası',
      route_length_straight: '42,5',
      fare: '0,80',
      start_time: '06:30',
      route_companies: companies.map((c) => c.name).join('; '),
      route_points: 'Avtovağzal (40.6828, 46.3606)\nBazar, mərkəz\nSon',
      status: 'Aktiv',
    };
    const file = (lines: Record<string, string>[]) =>
      csv([header.map(([, c]) => c.header).join(';'), ...lines.map(line)]);
    const preview = await imported(
      'bus-routes',
      file([
        // The fare and the order of the stops changed.
        { ...base, fare: '1,20', route_points: 'Avtovağzal (40.6828, 46.3606)\nSon\nBazar, mərkəz' },
        { ...base, number: 'IMP-2', route_companies: companies[0]!.name },
        { ...base, number: 'IMP-3', city: 'Yoxdur' },
      ]),
      'marsrutlar.csv',
    );
    expect(preview.counts).toEqual({ new: 1, changed: 1, unchanged: 0, error: 1 });
    const changed = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${preview.id}/rows/?outcome=changed`,
      headers: admin,
    });
    expect(changed.json().results[0].changes.map((c: { field: string }) => c.field)).toEqual(['fare', 'route_points']);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${preview.id}/rows/?outcome=error`,
      headers: admin,
    });
    expect(wrong.json().results[0]).toMatchObject({
      row: 4,
      errors: { city: [importMessages.referenceUnknown('Şəhər', 'Yoxdur')] },
    });

    const fixed = await imported(
      'bus-routes',
      file([
        { ...base, fare: '1,20', route_points: 'Avtovağzal (40.6828, 46.3606)\nSon\nBazar, mərkəz' },
        { ...base, number: 'IMP-2', route_companies: companies[0]!.name },
      ]),
      'marsrutlar.csv',
    );
    expect((await apply(fixed.id)).statusCode).toBe(202);
    expect((await settled(fixed.id, ['applied', 'failed'])).status).toBe('applied');
    const after = (await t.app.inject({ method: 'GET', url: `/api/bus-routes/${id}/`, headers: admin })).json();
    expect(after.fare).toBe('1.20');
    expect(after.route_points.map((p: { name: string }) => p.name)).toEqual(['Avtovağzal', 'Son', 'Bazar, mərkəz']);
    const history = (
      await t.app.inject({ method: 'GET', url: `/api/bus-routes/${id}/history/`, headers: admin })
    ).json();
    expect(history.data.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    const added = await rows<{ companies: number }>(
      sql`select (select count(*)::int from bus_route_companies c where c.route_id = r.id) as companies from bus_routes r where number = 'IMP-2'`,
    );
    expect(added).toEqual([{ companies: 1 }]);
    expect(
      await rows(sql`select action from audit_log where detail->>'import' = ${String(fixed.id)} order by action`),
    ).toEqual([{ action: 'create' }, { action: 'update' }]);
  });

  it('one bad row among 1,000 drivers applies nothing and names the row; its error file hands it back', async () => {
    const fields = resources.find((r) => r.key === 'drivers')!.fields.filter((f) => !f.readOnly);
    const values = (i: number): Record<string, string> => ({
      last_name: 'Məmmədov',
      first_name: 'Əli',
      parent_name: 'Vəli',
      identity_fin_code: `7${i.toString(36).toUpperCase().padStart(6, 'Z')}`,
      driving_license_number: `AB${String(500000 + i)}`,
      driving_license_start_date: '15.01.2020',
      driving_license_finish_date: '15.01.2030',
      driving_category: 'B',
    });
    const lines = [fields.map((f) => f.label).join(',')];
    for (let i = 0; i < 1000; i += 1) lines.push(fields.map((f) => values(i)[f.name] ?? '').join(','));
    lines[501] = lines[501]!.replace('15.01.2030', '31.02.2030');
    const driversBefore = await rows<{ n: number }>(sql`select count(*)::int as n from drivers`);
    const preview = await imported('drivers', csv(lines), 'suruculer.csv');
    expect(preview.status, preview.error).toBe('previewed');
    const errorRows = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${preview.id}/rows/?outcome=error`,
      headers: admin,
    });
    expect(preview.counts.error, errorRows.body).toBe(1);
    const errors = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${preview.id}/rows/?outcome=error`,
      headers: admin,
    });
    expect(errors.json().results).toEqual([expect.objectContaining({ row: 502 })]);
    const refused = await apply(preview.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(importMessages.hasErrors(1));
    expect(await rows(sql`select count(*)::int as n from drivers`)).toEqual(driversBefore);
    const file = await t.app.inject({ method: 'GET', url: `/api/imports/${preview.id}/errors.xlsx`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-export-rows']).toBe('1');
  });

  it('refuses a file that is no spreadsheet, and offers each list its template', async () => {
    const pdf = await upload('cities', Buffer.from('%PDF-1.4\n%%EOF\n'), 'x.csv');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toEqual({ file: [importMessages.fileType] });
    const wrongHeader = await imported('cities', csv(['Şəhər,Vəziyyət', 'Quba,Aktiv']), 'x.csv');
    expect(wrongHeader).toMatchObject({ status: 'failed', error: importMessages.headerMissing('Ad') });
    for (const resource of importResources) {
      const template = await t.app.inject({
        method: 'GET',
        url: `/api/imports/templates/${resource}.xlsx`,
        headers: admin,
      });
      expect(template.statusCode, resource).toBe(200);
      expect(template.headers['content-type']).toContain('spreadsheetml');
    }
  });
});
