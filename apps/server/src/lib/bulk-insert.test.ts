import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { carriers, tariffs } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test/test-app';
import { insertAsJson } from './bulk-insert';

describe('insertAsJson: many rows as one jsonb parameter', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database.handle);
    await database.handle.useAppRole();
  });
  afterAll(() => database.dispose());

  it('inserts in order, fills the columns no row names with their defaults (identity, text, version) and answers the rows as Drizzle reads them', async () => {
    const { db } = database.handle;
    const inserted = await insertAsJson(db, tariffs, [
      { feeGroup: 'seat', rate: '1.25', effectiveFrom: '2031-01-01' },
      { feeGroup: 'load', rate: '12.5', effectiveFrom: '2031-02-01' },
    ]);
    const stored = await db
      .select()
      .from(tariffs)
      .where(
        inArray(
          tariffs.id,
          inserted.map((t) => t.id),
        ),
      )
      .orderBy(asc(tariffs.id));
    expect(inserted).toEqual(stored);
    expect(
      stored.map(({ feeGroup, rate, effectiveFrom, description, version }) => ({
        feeGroup,
        rate,
        effectiveFrom,
        description,
        version,
      })),
    ).toEqual([
      { feeGroup: 'seat', rate: '1.25', effectiveFrom: '2031-01-01', description: '', version: 1 },
      { feeGroup: 'load', rate: '12.50', effectiveFrom: '2031-02-01', description: '', version: 1 },
    ]);
    expect(inserted[1]!.id).toBeGreaterThan(inserted[0]!.id);
  });

  it('builds a statement once per table and set of columns and answers the same way again: times, defaults from expressions, a time given', async () => {
    const { db } = database.handle;
    const given = new Date('2030-05-06T07:08:09.123Z');
    const first = await insertAsJson(db, carriers, [{ name: 'Birinci', voen: '1000000011' }]);
    const again = await insertAsJson(db, carriers, [
      { name: 'İkinci', voen: '1000000021', info: "O'Neil" },
      { name: 'Üçüncü', voen: '1000000031', info: '' },
    ]);
    const dated = await insertAsJson(db, carriers, [{ name: 'Dördüncü', voen: '1000000041', createdAt: given }]);
    const inserted = [...first, ...again, ...dated];
    const stored = await db
      .select()
      .from(carriers)
      .where(
        inArray(
          carriers.id,
          inserted.map((c) => c.id),
        ),
      )
      .orderBy(asc(carriers.id));
    expect(inserted).toEqual(stored);
    expect(stored.map((c) => [c.name, c.info, c.phone, typeof c.status, c.version])).toEqual([
      ['Birinci', '', '', 'number', 1],
      ['İkinci', "O'Neil", '', 'number', 1],
      ['Üçüncü', '', '', 'number', 1],
      ['Dördüncü', '', '', 'number', 1],
    ]);
    expect(stored[0]!.createdAt).toBeInstanceOf(Date);
    expect(stored[3]!.createdAt).toEqual(given);
  });

  it('refuses rows that name different columns (a missing one would be null, not its default)', async () => {
    await expect(
      insertAsJson(database.handle.db, tariffs, [
        { feeGroup: 'seat', rate: '1', effectiveFrom: '2032-01-01' },
        { feeGroup: 'seat', rate: '1', effectiveFrom: '2032-02-01', description: 'x' },
      ]),
    ).rejects.toThrow('every row must name the same columns');
  });
});
