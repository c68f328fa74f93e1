import { resources } from '@dnx/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { xlsxEditedCells } from '../../test/xlsx-cells';
import { importKit } from '../imports/import-test-kit';

/**
 * A formula planted through an import (issue 40): an administrator's CSV of cities whose names a spreadsheet would
 * run; the cities list's export writes each one neutralised, in CSV (an apostrophe first) and in Excel (the quote
 * prefix).
 */
describe('a formula imported into a list, exported (issue 40)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const { imported, apply, settled, csv } = importKit(
    () => t,
    () => admin,
  );
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az')).headers;
  });
  afterAll(async () => t?.close());

  it('is written with an apostrophe in CSV and with the quote prefix in Excel', async () => {
    const names = ['=1+1', '+1+1', '@SUM(1)', "-2+3+cmd|' /C calc'!A0"];
    const preview = await imported('cities', csv(['Ad;Status', ...names.map((name) => `${name};Aktiv`)]), 'c.csv');
    expect(preview.counts).toEqual({ new: names.length, changed: 0, unchanged: 0, error: 0 });
    expect((await apply(preview.id)).statusCode).toBe(202);
    expect((await settled(preview.id, ['applied', 'failed'])).status).toBe('applied');

    const path = resources.find((r) => r.key === 'cities')!.apiPath;
    const exported = (format: 'csv' | 'xlsx') =>
      t.app.inject({ method: 'GET', url: `${path}export/?format=${format}&columns=name`, headers: admin });
    const file = await exported('csv');
    expect(file.statusCode).toBe(200);
    const csvNames = file.body.replace(/^\uFEFF/, '').split('\r\n');
    const workbook = await exported('xlsx');
    expect(workbook.statusCode).toBe(200);
    const xlsxNames = xlsxEditedCells(workbook.rawPayload).map((row) => row[0]);
    for (const name of names) {
      for (const [format, cells] of [
        ['csv', csvNames],
        ['xlsx', xlsxNames],
      ] as const) {
        expect(cells, `${format}: ${name}`).toContain(`'${name}`);
        expect(cells, `${format}: ${name}`).not.toContain(name);
      }
    }
  });
});
