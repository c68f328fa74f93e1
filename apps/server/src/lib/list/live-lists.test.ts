import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, fnBatches, fnForms } from '../../db/schema';
import { formList, formSource } from '../../features/fn/form-repository';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ChangeFeed } from '../change-feed';
import { applyList, countWithSnapshot, defineList, listCounts, listReads, type ListSource } from './list-query';
import {
  compareSortValue,
  createListCaches,
  parseSnapshot,
  positionStep,
  recentChanges,
  visibleIn,
  type ListCaches,
} from './live-lists';

describe('comparing sort values as PostgreSQL orders them', () => {
  it('orders integers, decimals, C-collated text and NULLs', () => {
    expect(compareSortValue('int', '9', '10')).toBeLessThan(0);
    expect(compareSortValue('int', '-10', '-9')).toBeLessThan(0);
    expect(compareSortValue('int', '12345678901234567890', '12345678901234567891')).toBeLessThan(0);
    expect(compareSortValue('decimal', '9.5', '10')).toBeLessThan(0);
    expect(compareSortValue('decimal', '1.50', '1.5')).toBe(0);
    expect(compareSortValue('decimal', '-1.25', '-1.2')).toBeLessThan(0);
    expect(compareSortValue('decimal', '1700000000.25', '1700000000.125')).toBeGreaterThan(0);
    expect(compareSortValue('decimal', '-3', '2')).toBeLessThan(0);
    // Code point order: a supplementary character (the Azerbaijani sort key's letters) after U+FFFD.
    expect(compareSortValue('bytes', '\u{10FFC0}', '\uFFFD')).toBeGreaterThan(0);
    expect(compareSortValue('bytes', 'false', 'true')).toBeLessThan(0);
    expect(compareSortValue('int', null, '1')).toBeGreaterThan(0);
    expect(compareSortValue('bytes', 'a', null)).toBeLessThan(0);
    expect(compareSortValue('int', null, null)).toBe(0);
  });

  it('tells from a snapshot which transactions it saw', () => {
    const s = parseSnapshot('100:105:101,103');
    expect([99n, 100n, 101n, 102n, 103n, 104n, 105n].map((x) => visibleIn(s, x))).toEqual([
      true,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });
});

/**
 * The kept counts and positions on a real database, through the list machinery on the drivers table: every page is
 * exactly the plain ORDER BY ... OFFSET answer after each kind of write, and a write costs the positions only what
 * it changes (no full pass is read again; an update of a column the list does not read is not even probed).
 */
describe('counts and page positions kept across writes (issue 31)', () => {
  let t: TestApp;
  const rowsAtStart = 6 * positionStep + 77;

  const list = defineList({
    spec: { filters: { status: 'id' }, orderBy: ['last_name', 'start', 'id'] },
    filters: { status: drivers.status },
    orderBy: {
      last_name: { expr: drivers.lastName, text: true },
      start: drivers.drivingLicenseStartDate,
      id: drivers.id,
    },
    search: [drivers.lastName, drivers.firstName],
    defaultOrderBy: 'id',
    tieBreaker: drivers.id,
  });

  /** The source with its reads counted: full passes (`bounds`), counts with snapshots, and probes. */
  function countedSource() {
    const { db } = t.database;
    const reads = listReads(db, (columns) => db.select(columns).from(drivers).$dynamic());
    const counts = listCounts((where) => db.select(countWithSnapshot).from(drivers).where(where));
    const calls = { bounds: 0, countAt: 0, probe: 0 };
    const source: ListSource<number> = {
      ...counts,
      countAt: (where) => {
        calls.countAt += 1;
        return counts.countAt(where);
      },
      rows: async (where, order, window) =>
        (await applyList(db.select({ id: drivers.id }).from(drivers).$dynamic(), where, order, window)).map(
          (r) => r.id,
        ),
      keys: reads.keys,
      bounds: (...args) => {
        calls.bounds += 1;
        return reads.bounds(...args);
      },
      probe: (...args) => {
        calls.probe += 1;
        return reads.probe(...args);
      },
    };
    return { source, calls };
  }

  const queries: Record<string, string>[] = [
    { order_by: 'last_name' },
    { order_by: 'last_name', order: 'desc' },
    { order_by: 'start', order: 'desc' },
    { order_by: 'id', order: 'desc', status: '1' },
    { order_by: 'last_name', search: 'ov' },
  ];

  /**
   * Every page of every query, as a list answers it (`page`) and as a plain ORDER BY ... OFFSET does (`truth`, every
   * row in order), once the changes so far have arrived and been applied.
   */
  async function pagesMatch(
    caches: ListCaches,
    raws: Record<string, string>[],
    truth: (raw: Record<string, string>) => Promise<unknown[]>,
    page: (raw: Record<string, string>) => Promise<{ count: number; results: unknown[] }>,
    perPage: number,
  ) {
    await t.app.changes.sync();
    await caches.settled();
    for (const raw of raws) {
      const all = await truth(raw);
      const pages = Math.ceil(all.length / perPage);
      expect(pages, JSON.stringify(raw)).toBeGreaterThan(4);
      for (let n = 1; n <= pages; n += 1) {
        const answer = await page({ ...raw, per_page: String(perPage), page: String(n) });
        expect(answer.count, `${JSON.stringify(raw)} count`).toBe(all.length);
        expect(answer.results, `${JSON.stringify(raw)} page ${n}`).toEqual(all.slice((n - 1) * perPage, n * perPage));
      }
    }
  }
  const expectEveryPage = (caches: ListCaches, source: ListSource<number>) =>
    pagesMatch(
      caches,
      queries,
      async (raw) => {
        const query = list.querySchema.parse(raw);
        return source.rows(list.where(query), list.orderBy(query), null);
      },
      (raw) => list.page(list.querySchema.parse(raw), source, { currentUrl: 'http://localhost/x/', caches }),
      50,
    );

  let made = 0;
  const insertDrivers = (count: number, name: (i: SQL) => SQL) => {
    const from = made;
    made += count;
    return t.writeOutside((db) =>
      db.execute(sql`
        insert into drivers (last_name, first_name, parent_name, identity_fin_code, driving_license_start_date,
                             driving_license_finish_date, driving_category, status)
        select ${name(sql`i`)}, 'Orxan', 'Vaqif', 'L' || lpad((i + ${from})::text, 7, '0'),
               date '2010-01-01' + (i % 50), date '2030-01-01', array['B'], case when i % 7 = 0 then 0 else 1 end
        from generate_series(1, ${count}) i`),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    await insertDrivers(
      rowsAtStart,
      (i) =>
        sql`(array['Məmmədov', 'Əliyev', 'İsmayılov', 'Şirinov', 'Çələbi', 'Cəfərov', 'Ölməz', 'Qasımov'])[1 + (${i} * 5) % 8]`,
    );
  }, 60_000);
  afterAll(() => t.close());

  it('moves the positions and counts by each insert, delete and update, never reading a full pass again', async () => {
    const caches = createListCaches(t.app.changes, ['drivers']);
    const { source, calls } = countedSource();
    await expectEveryPage(caches, source);
    const passes = calls.bounds;
    const counted = calls.countAt;
    expect(passes).toBe(queries.length);
    expect(caches.size.positions).toBe(queries.length);

    // One of each kind, as single statements (each announced with its rows).
    const ids = async () =>
      (await t.database.db.select({ id: drivers.id }).from(drivers).orderBy(drivers.id)).map((r) => r.id);
    const all = await ids();
    await insertDrivers(1, () => sql`'Abbasov'`);
    await insertDrivers(1, () => sql`'Zeynalov'`);
    await t.writeOutside((db) => db.delete(drivers).where(eq(drivers.id, all[Math.floor(all.length / 2)]!)));
    await t.writeOutside((db) => db.delete(drivers).where(eq(drivers.id, all[40]!)));
    await t.writeOutside((db) =>
      db
        .update(drivers)
        .set({ lastName: 'Aaron' })
        .where(eq(drivers.id, all[all.length - 3]!)),
    );
    await t.writeOutside((db) => db.update(drivers).set({ status: 0 }).where(eq(drivers.id, all[500]!)));
    await expectEveryPage(caches, source);
    expect(calls.bounds).toBe(passes);
    expect(calls.countAt).toBe(counted);

    // An update of a column no query reads: nothing is probed, nothing moves.
    const probes = calls.probe;
    await t.writeOutside((db) =>
      db.update(drivers).set({ drivingLicenseFinishDate: '2031-05-05' }).where(eq(drivers.id, all[700]!)),
    );
    await t.app.changes.sync();
    await caches.settled();
    expect(calls.probe).toBe(probes);
    await expectEveryPage(caches, source);
    expect(calls.bounds).toBe(passes);

    // A statement of many rows is announced without them: its positions are read again, in the background.
    await t.writeOutside((db) =>
      db.execute(
        sql`update drivers set last_name = 'Aaa' where id in (select id from drivers order by id desc limit 60)`,
      ),
    );
    await expectEveryPage(caches, source);
  }, 240_000);

  it('stays exact under random concurrent writes of every kind while pages are read', async () => {
    const caches = createListCaches(t.app.changes, ['drivers']);
    const { source } = countedSource();
    await expectEveryPage(caches, source);
    const names = ['Abbasov', 'Məmmədov', 'Zeynalov', 'Əliyev', 'Şirinov', 'Hüseynov'];
    let seed = 31;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const writes = Array.from({ length: 4 }, async (_, writer) => {
      for (let i = 0; i < 15; i += 1) {
        const kind = (writer + i) % 4;
        const name = names[random(names.length)]!;
        if (kind === 0) await insertDrivers(1, () => sql`${name}`);
        else if (kind === 1)
          await t.writeOutside((db) =>
            db.execute(sql`delete from drivers where id = (select id from drivers order by random() limit 1)`),
          );
        else if (kind === 2)
          await t.writeOutside((db) =>
            db.execute(
              sql`update drivers set driving_license_finish_date = date '2030-01-01' + ${i}::int where id = (select id from drivers order by random() limit 1)`,
            ),
          );
        else
          await t.writeOutside((db) =>
            db.execute(
              sql`update drivers set last_name = ${name}, status = ${random(2)}::int, driving_license_start_date = date '2009-06-01' + ${random(900)}::int
                  where id = (select id from drivers order by random() limit 1)`,
            ),
          );
      }
    });
    const reads = (async () => {
      for (let i = 0; i < 30; i += 1) {
        const raw = queries[i % queries.length]!;
        const query = list.querySchema.parse({ ...raw, per_page: '50', page: String(3 + (i % 5)) });
        await list.page(query, source, { currentUrl: 'http://localhost/x/', caches });
      }
    })();
    await Promise.all([...writes, reads]);
    await expectEveryPage(caches, source);
  }, 240_000);
  it('keeps the forms list exact (a join to the batches, a stage filter) under random concurrent writes', async () => {
    const caches = createListCaches(t.app.changes, ['fn_forms', 'fn_batches']);
    const source = formSource(t.database.db);
    const [region] = await t.database.db
      .select({ id: fnBatches.regionId, n: sql<number>`count(*)::int` })
      .from(fnForms)
      .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
      .groupBy(fnBatches.regionId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const raws: Record<string, string>[] = [
      { order_by: 'id', order: 'desc' },
      { order_by: 'number' },
      { shared: 'false', order_by: 'updated_at', order: 'desc' },
      { region: String(region!.id), order_by: 'number', order: 'desc' },
    ];
    const check = () =>
      pagesMatch(
        caches,
        raws,
        async (raw) => {
          const query = formList.querySchema.parse(raw);
          return source.rows(formList.where(query), formList.orderBy(query), null);
        },
        (raw) => formList.page(formList.querySchema.parse(raw), source, { currentUrl: 'http://localhost/x/', caches }),
        100,
      );
    await check();
    const [batch] = await t.database.db
      .select({ id: fnBatches.id, series: fnBatches.series })
      .from(fnBatches)
      .where(eq(fnBatches.regionId, region!.id))
      .limit(1);
    let number = 900_000;
    const writes = Array.from({ length: 4 }, async (_, writer) => {
      for (let i = 0; i < 12; i += 1) {
        const kind = (writer + i) % 4;
        if (kind === 0) {
          number += 1;
          await t.writeOutside((db) =>
            db.insert(fnForms).values({ batchId: batch!.id, series: batch!.series, number, stage: 'new' }),
          );
        } else if (kind === 1)
          await t.writeOutside((db) =>
            db.execute(
              sql`delete from fn_forms where id = (select id from fn_forms where stage = 'new' order by random() limit 1)`,
            ),
          );
        else if (kind === 2)
          await t.writeOutside((db) =>
            db.execute(
              sql`update fn_forms set void_reason = ${`yoxlama ${i}`} where id = (select id from fn_forms order by random() limit 1)`,
            ),
          );
        else
          await t.writeOutside((db) =>
            db.execute(
              sql`update fn_forms set stage = case stage when 'new' then 'voided' else 'new' end, status = null, updated_at = now()
                  where id = (select id from fn_forms where stage in ('new', 'voided') order by random() limit 1)`,
            ),
          );
      }
    });
    await Promise.all(writes);
    await check();
  }, 240_000);
});

/**
 * The order of events a busy server meets: a count is read, and while it waits to be stored behind the changes
 * before it, another change arrives. That change is applied once, by the stored count's replay or by its own turn,
 * never by both (CI found a list total one too high under load).
 */
describe('a change that arrives while a read count waits to be stored', () => {
  function fakeFeed() {
    const listeners: Parameters<ChangeFeed['onChange']>[0][] = [];
    const feed: ChangeFeed = {
      live: true,
      epoch: 0,
      reconnects: 0,
      onChange: (listener) => void listeners.push(listener),
      sync: async () => {},
      restart: () => {},
      close: async () => {},
    };
    const insert = (xid: bigint) => {
      for (const listener of listeners) listener('rows:t', { table: 't', xid, pairs: [[null, { id: Number(xid) }]] });
    };
    return { feed, insert };
  }

  it('is counted exactly once', async () => {
    const { feed, insert } = fakeFeed();
    const caches = createListCaches(feed, ['t']);
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    const probeHeld = gate();
    const readHeld = gate();
    const readStarted = gate();
    let reads = 0;
    let probes = 0;
    const source = {
      count: async () => 0,
      // Both counts are read before transactions 10 and 11 committed; the second read waits for the test.
      countAt: async () => {
        reads += 1;
        if (reads === 2) {
          readStarted.open();
          await readHeld.opened;
        }
        return { n: 5, snapshot: '10:10:' };
      },
      // The first probe (another kept count's, of transaction 10) holds the line of changes.
      probe: async (_table: string, rows: Record<string, unknown>[]) => {
        probes += 1;
        if (probes === 1) await probeHeld.opened;
        return rows.map(() => ({ matched: true, marks: [] }));
      },
    };
    const kept = sql`a`;
    const read = sql`b`;
    expect(await caches.count(kept, source)).toBe(5);
    const second = caches.count(read, source);
    await readStarted.opened;
    // Transaction 10 commits while the second count is read; moving the kept count waits for its probe.
    insert(10n);
    readHeld.open();
    expect(await second).toBe(5);
    // The second count now waits in line to be stored, behind transaction 10; transaction 11 commits meanwhile.
    insert(11n);
    probeHeld.open();
    await caches.settled();
    expect(await caches.count(kept, source)).toBe(7);
    expect(await caches.count(read, source)).toBe(7);
  });
});

describe('the changes kept for figures being read (issue 41)', () => {
  const change = (seq: number) => ({ seq, table: 't', xid: BigInt(seq), pairs: null });

  it('keeps the last changes up to its limit, in order, and says when the ones asked for are gone', () => {
    const recent = recentChanges(100);
    for (let i = 0; i < 1_234; i += 1) recent.keep(change(recent.next()));
    expect(recent.seq).toBe(1_234);
    expect(recent.between(1_135, 1_234)!.map((c) => c.seq)).toEqual(Array.from({ length: 100 }, (_, i) => 1_135 + i));
    expect(recent.between(1_200, 1_202)!.map((c) => c.seq)).toEqual([1_200, 1_201, 1_202]);
    expect(recent.between(1_134, 1_234)).toBeNull();
    expect(recent.between(1_235, 1_240)).toEqual([]);
    recent.clear();
    expect(recent.between(1_235, 1_240)).toEqual([]);
    recent.keep(change(recent.next()));
    expect(recent.between(1_235, 1_235)!.map((c) => c.seq)).toEqual([1_235]);
  });
});
