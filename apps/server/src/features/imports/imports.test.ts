import { importMessages, importResources, resources } from '@dnx/shared';
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
