import {
  allRowsLimit,
  automobileResource,
  cursorMaxLength,
  driverResource,
  listMessages,
  resourceExportColumns,
  resourceListSpec,
  type Page as SharedPage,
  type ResourceRecord,
} from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import readExcelFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automobileBrands, drivers } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HttpError } from '../http-errors';
import { csvCell } from '../spreadsheet/table-writer';
import { applyList, defineList, encodeCursor, listReads, sqlKey } from './list-query';
import { positionStep as anchorStep } from './live-lists';

type Page = SharedPage<ResourceRecord>;

// More rows than two anchor steps, so page jumps seek from anchors past the first.
const driverRows = 2 * anchorStep + 437;
const automobileRows = anchorStep + 263;

/**
 * Keyset cursors and anchored page jumps, through the API on the drivers and automobiles lists: every walk and
 * every page must be exactly the slice of the whole ordered list (`no_page`, one plain ORDER BY).
 */
describe('keyset paging and page jumps', () => {
  let t: TestApp;
  let admin: SignedIn;

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json() as Page;
  };
  const relative = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };
  const ids = (page: Page) => page.results.map((r) => r.id);
  const everything = async (path: string, query: string) => ids(await get(`${path}?no_page=1&${query}`));

  /** Follows `next` from the first page and `previous` from the last, collecting the ids each way. */
  async function walk(path: string, query: string, perPage: number) {
    const forward: number[] = [];
    let link: string | null = `${path}?per_page=${perPage}&${query}&cursor=first`;
    let count = -1;
    while (link) {
      const page = await get(link);
      count = page.count;
      expect(page.results.length, link).toBeLessThanOrEqual(perPage);
      forward.push(...ids(page));
      link = page.next && relative(page.next);
    }
    const backward: number[] = [];
    link = `${path}?per_page=${perPage}&${query}&cursor=last`;
    while (link) {
      const page = await get(link);
      backward.unshift(...ids(page));
      link = page.previous && relative(page.previous);
    }
    return { forward, backward, count };
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az');
    // Few distinct names (many ties on the sort value) with the letters the Azerbaijani order places specially.
    await t.writeOutside((db) =>
      db.execute(sql`
        insert into drivers (last_name, first_name, parent_name, identity_fin_code, driving_license_start_date,
                             driving_license_finish_date, driving_category, status)
        select (array['Məmmədov', 'Əliyev', 'İsmayılov', 'Ismayılova', 'Şirinov', 'Sadıqov', 'Çələbi', 'Cəfərov',
                      'Ölməz', 'Orucov', 'Ünsal', 'Uğur', 'ılğar', 'Qasımov', 'Xəlilov', 'Hüseynov'])[1 + (i * 7) % 16],
               (array['Orxan', 'Elçin', 'Ülvi', 'İlkin', 'Əli', 'Şahin', 'Günel'])[1 + (i * 3) % 7],
               (array['Vaqif', 'Rəşid', 'Məmməd'])[1 + i % 3],
               'K' || lpad(i::text, 6, '0'),
               date '2010-01-01' + (i % 40),
               date '2030-01-01' + (i % 9),
               array['B'],
               case when i % 10 = 0 then 0 else 1 end
        from generate_series(1, ${driverRows}) i`),
    );
    await t.writeOutside((db) =>
      db.execute(sql`
        with model as (select row_number() over (order by id) as n, id, brand_id from automobile_models),
             models as (select count(*) as total from model),
             owner as (select array_agg(id order by id) as ids from carriers)
        insert into automobiles (registration_number, brand_id, model_id, seats, load_capacity, carrier_id,
                                 right_kind, right_expiry_date, status)
        select lpad((10 + i % 90)::text, 2, '0') || '-' || chr(65 + (i / 90) % 26) || 'K-' || lpad((i % 1000)::text, 3, '0'),
               m.brand_id, m.id, 4 + i % 5, ((i % 7) / 2.0)::numeric(10, 2),
               owner.ids[1 + i % cardinality(owner.ids)], (array[1, 2, 4, 3])[1 + i % 4],
               case when i % 3 = 0 then null else date '2027-01-01' + (i % 30) end,
               1
        from generate_series(1, ${automobileRows}) i
        cross join owner
        join model m on m.n = 1 + i % (select total from models)`),
    );
  }, 60_000);
  afterAll(() => t.close());

  it('next and previous cursors walk every driver order, both ways, with no row missing or repeated', async () => {
    const path = driverResource.apiPath;
    for (const field of resourceListSpec(driverResource).orderBy) {
      for (const order of ['asc', 'desc']) {
        const query = `order_by=${field}&order=${order}`;
        const expected = await everything(path, query);
        expect(expected.length).toBeGreaterThan(driverRows);
        const { forward, backward, count } = await walk(path, query, 97);
        expect(count).toBe(expected.length);
        expect(forward, `${query} forward`).toEqual(expected);
        expect(backward, `${query} backward`).toEqual(expected);
      }
    }
  }, 240_000);

  it('cursors walk automobiles by referenced names and by a date with NULLs, with a filter and a search', async () => {
    const path = automobileResource.apiPath;
    const queries = [
      ...resourceListSpec(automobileResource).orderBy.flatMap((field) => [`order_by=${field}`, `order_by=-${field}`]),
      'order_by=right_expiry_date&right_kind=2',
      'order_by=-brand&search=k-1',
    ];
    for (const query of queries) {
      const expected = await everything(path, query);
      expect(expected.length, query).toBeGreaterThan(20);
      const { forward, backward } = await walk(path, query, 53);
      expect(forward, `${query} forward`).toEqual(expected);
      expect(backward, `${query} backward`).toEqual(expected);
    }
  }, 240_000);

  it('cursors walk drivers with filters and a search in the Azerbaijani order', async () => {
    const path = driverResource.apiPath;
    for (const query of [
      'order_by=last_name&search=%C9%99li',
      'order_by=-first_name&status=1&search=m%C9%99mm%C9%99d',
      'order_by=last_name&order=desc&parent_name=R%C9%99%C5%9Fid',
    ]) {
      const expected = await everything(path, query);
      expect(expected.length, query).toBeGreaterThan(100);
      const { forward, backward } = await walk(path, query, 40);
      expect(forward, `${query} forward`).toEqual(expected);
      expect(backward, `${query} backward`).toEqual(expected);
    }
  }, 120_000);

  it('a cursor link keeps the filters, drops page, and a walk of one page has no links', async () => {
    const path = driverResource.apiPath;
    const first = await get(`${path}?page=3&order_by=last_name&status=1&per_page=5&cursor=first`);
    const next = new URL(first.next!);
    expect(next.searchParams.get('page')).toBeNull();
    expect(next.searchParams.get('status')).toBe('1');
    expect(next.searchParams.get('order_by')).toBe('last_name');
    expect(first.previous).toBeNull();
    expect(first.results).toHaveLength(5);
    const second = await get(relative(first.next!));
    expect(second.previous).not.toBeNull();
    expect(ids(await get(relative(second.previous!)))).toEqual(ids(first));

    const only = await get(`${path}?identity_fin_code=K000001&cursor=first`);
    expect(only).toMatchObject({ count: 1, next: null, previous: null });
    expect((await get(`${path}?identity_fin_code=K000001&cursor=last`)).results).toEqual(only.results);
  });

  /** Each page of `pages` equals the slice OFFSET would give of the whole ordered list. */
  async function expectPagesMatch(path: string, query: string, perPage: number, pages: (total: number) => number[]) {
    const expected = await everything(path, query);
    const last = Math.ceil(expected.length / perPage);
    for (const pageNumber of pages(last)) {
      const page = await get(`${path}?${query}&per_page=${perPage}&page=${pageNumber}`);
      expect(page.count).toBe(expected.length);
      expect(ids(page), `${query} page ${pageNumber}`).toEqual(
        expected.slice((pageNumber - 1) * perPage, pageNumber * perPage),
      );
      expect(page.next).toBe(
        pageNumber < last ? `http://localhost${path}?${query}&per_page=${perPage}&page=${pageNumber + 1}` : null,
      );
    }
  }
  const spread = (last: number) => [
    ...Array.from({ length: 40 }, (_, i) => 1 + Math.floor((i * (last - 1)) / 39)),
    Math.floor(last / 2),
    last,
  ];

  it('a page jump answers exactly what OFFSET would, also after writes that move the anchors', async () => {
    const path = driverResource.apiPath;
    const queries = [
      'order_by=last_name',
      'order_by=-last_name',
      'order_by=id&order=desc',
      'order_by=first_name&status=1',
    ];
    for (const query of queries) await expectPagesMatch(path, query, 25, spread);

    // Through the API: a driver who sorts first, a rename, a deletion; the anchors read before are dropped.
    const created = await t.app.inject({
      method: 'POST',
      url: path,
      headers: admin.headers,
      payload: {
        last_name: 'Abbasov',
        first_name: 'Anar',
        parent_name: 'Vaqif',
        identity_fin_code: 'AAA0001',
        driving_license_start_date: '2015-01-01',
        driving_license_finish_date: '2031-01-01',
        driving_category: ['B'],
        status: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [early] = await t.database.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.identityFinCode, 'K000010'));
    const deleted = await t.app.inject({
      method: 'POST',
      url: `${path}delete-multiple/`,
      headers: admin.headers,
      payload: { pkList: [early!.id] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const query of queries) await expectPagesMatch(path, query, 25, spread);

    // Straight to the database, as another server process would: 150 rows that sort before every other.
    await t.writeOutside((db) =>
      db.execute(sql`update drivers set last_name = 'Aaa', first_name = 'Aaa' where id in
        (select id from drivers order by id desc limit 150)`),
    );
    for (const query of queries) await expectPagesMatch(path, query, 25, spread);
  }, 240_000);

  it('a page jump by a referenced name follows a rename of the referenced record', async () => {
    const path = automobileResource.apiPath;
    const query = 'order_by=brand';
    await expectPagesMatch(path, query, 20, spread);
    // The brand that sorts first now sorts last: the automobiles table itself is not written.
    const [brand] = await t.database.db
      .select({ id: automobileBrands.id })
      .from(automobileBrands)
      .orderBy(sql`az_sort_key(${automobileBrands.name}) collate "C"`)
      .limit(1);
    await t.writeOutside((db) =>
      db.update(automobileBrands).set({ name: 'Zzz son marka' }).where(eq(automobileBrands.id, brand!.id)),
    );
    await expectPagesMatch(path, query, 20, spread);
  }, 120_000);

  it('refuses a malformed, altered or foreign cursor with a 400 field error', async () => {
    const path = driverResource.apiPath;
    const first = await get(`${path}?order_by=last_name&per_page=5&cursor=first`);
    const token = new URL(first.next!).searchParams.get('cursor')!;
    const [payload, mac] = token.split('.');
    const altered = Buffer.from(Buffer.from(payload!, 'base64url').toString('utf8').replace(/"a"/, '"b"')).toString(
      'base64url',
    );
    const forged = Buffer.from(JSON.stringify(['a', 'x', "1'; drop table drivers; --"])).toString('base64url');
    const bad = [
      'garbage',
      `${payload}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
      `${altered}.${mac}`,
      `${forged}.${mac}`,
      `${payload}`,
      `${'A'.repeat(5000)}.${mac}`,
    ];
    for (const cursor of bad) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${path}?order_by=last_name&per_page=5&cursor=${encodeURIComponent(cursor)}`,
        headers: admin.headers,
      });
      expect(res.statusCode, cursor.slice(0, 40)).toBe(400);
      expect(res.json()).toEqual({ cursor: [listMessages.cursorInvalid] });
    }
    // The same token under another order, filter or search was not made for that query.
    for (const other of ['order_by=first_name', 'order_by=last_name&order=desc', 'order_by=last_name&status=1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${path}?${other}&per_page=5&cursor=${token}`,
        headers: admin.headers,
      });
      expect(res.statusCode, other).toBe(400);
      expect(res.json()).toEqual({ cursor: [listMessages.cursorInvalid] });
    }
    expect((await get(`${path}?order_by=last_name&per_page=5&cursor=${token}`)).results).toHaveLength(5);
  });

  it('refuses a cursor whose checksum holds but whose value the column cannot read, as a 400 and not a 500', async () => {
    const list = defineList({
      spec: { filters: {}, orderBy: ['start'] },
      filters: {},
      orderBy: { start: drivers.drivingLicenseStartDate },
      search: [],
      defaultOrderBy: 'start',
      tieBreaker: drivers.id,
    });
    const { db } = t.database;
    const source = {
      count: async () => 1,
      rows: async () => [],
      ...listReads(db, (columns) => db.select(columns).from(drivers).$dynamic()),
    };
    const query = list.querySchema.parse({ order_by: 'start' });
    // Made as the list makes its own, so only the database can tell the date is no date.
    const signature = `\u0001${sqlKey(sql.join(list.orderBy(query), sql`, `))}`;
    const cursor = encodeCursor({ kind: 'after', values: ['2020-13-45', '1'] }, signature);
    const answer = list.page({ ...query, cursor }, source, { currentUrl: 'http://localhost/x/' });
    await expect(answer).rejects.toBeInstanceOf(HttpError);
    await expect(answer).rejects.toMatchObject({ statusCode: 400, body: { cursor: [listMessages.cursorInvalid] } });
  });

  it('declares cursor in OpenAPI as a string with a maximum length, on every list', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string; schema: Record<string, unknown> }[] } }>;
    };
    for (const path of [driverResource.apiPath, automobileResource.apiPath, '/api/user/users/', '/api/user/groups/']) {
      const cursor = doc.paths[path]?.get?.parameters?.find((p) => p.name === 'cursor');
      expect(cursor, path).toMatchObject({ in: 'query', schema: { type: 'string', maxLength: cursorMaxLength } });
    }
  });

  it('users page by cursor too, ordered by a joined region name with NULLs', async () => {
    const path = '/api/user/users/';
    for (const query of ['order_by=region', 'order_by=-region', 'order_by=last_name&order=desc']) {
      const expected = await everything(path, query);
      const { forward, backward } = await walk(path, query, 2);
      expect(forward, query).toEqual(expected);
      expect(backward, query).toEqual(expected);
    }
  });

  it('streams every row of an order in chunks by keyset, exactly as one ORDER BY reads them, NULLs and ties too', async () => {
    const list = defineList({
      spec: { filters: { status: 'id' }, orderBy: ['start', 'last_name', 'parent_name'] },
      filters: { status: drivers.status },
      orderBy: {
        start: drivers.drivingLicenseStartDate,
        last_name: { expr: drivers.lastName, text: true },
        parent_name: { expr: sql`nullif(${drivers.parentName}, 'Vaqif')`, text: true },
      },
      search: [drivers.lastName],
      defaultOrderBy: 'start',
      tieBreaker: drivers.id,
    });
    const { db } = t.database;
    const source = {
      count: async () => 0,
      rows: async (
        where: Parameters<typeof applyList>[1],
        order: Parameters<typeof applyList>[2],
        window: Parameters<typeof applyList>[3],
      ) =>
        (await applyList(db.select({ id: drivers.id }).from(drivers).$dynamic(), where, order, window)).map(
          (r) => r.id,
        ),
      ...listReads(db, (columns) => db.select(columns).from(drivers).$dynamic()),
    };
    for (const raw of [
      { order_by: 'start' },
      { order_by: '-last_name' },
      { order_by: 'parent_name' },
      { order_by: 'parent_name', order: 'desc' },
      { order_by: 'last_name', status: '1', search: 'ov' },
    ]) {
      const query = list.querySchema.parse(raw);
      const expected = await source.rows(list.where(query), list.orderBy(query), null);
      expect(expected.length, JSON.stringify(raw)).toBeGreaterThan(100);
      const chunks: number[][] = [];
      for await (const chunk of list.stream(query, source, { chunk: 97 })) chunks.push(chunk);
      expect(chunks.flat(), JSON.stringify(raw)).toEqual(expected);
      expect(Math.max(...chunks.map((c) => c.length))).toBe(97);
    }
  });

  it('exports a list as CSV and Excel from the server: its rows, filters and order, the columns asked for', async () => {
    const path = driverResource.apiPath;
    const query = 'order_by=last_name&order=desc&status=1&search=ov';
    const records = (await get(`${path}?no_page=1&${query}`)).results;
    expect(records.length).toBeGreaterThan(100);
    const columns = resourceExportColumns(driverResource);
    const csv = await t.app.inject({
      method: 'GET',
      url: `${path}export/?format=csv&${query}`,
      headers: admin.headers,
    });
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['x-export-rows']).toBe(String(records.length));
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="[ -~]+-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''[^;]+\.csv$/,
    );
    const line = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
    const all = Object.values(columns);
    expect(csv.body).toBe(
      `\uFEFF${line(all.map((c) => c.header))}${records.map((r) => line(all.map((c) => c.value(r)))).join('')}`,
    );

    // Chosen columns in the order asked; Excel holds the same cells.
    const chosen = ['identity_fin_code', 'last_name', 'status'];
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${path}export/?format=xlsx&columns=${chosen.join(',')}&${query}`,
      headers: admin.headers,
    });
    expect(xlsx.statusCode, xlsx.body.slice(0, 300)).toBe(200);
    const [sheet] = await readExcelFile(xlsx.rawPayload);
    expect(sheet!.data[0]).toEqual(chosen.map((key) => columns[key]!.header));
    expect(sheet!.data.slice(1)).toEqual(records.map((r) => chosen.map((key) => columns[key]!.value(r))));

    const bad = async (url: string, field: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json())).toEqual([field]);
    };
    await bad(`${path}export/?format=pdf`, 'format');
    await bad(`${path}export/?format=csv&columns=last_name,password`, 'columns');
    await bad(`${path}export/?format=csv&order_by=nothing`, 'order_by');
    // Paging means nothing to an export (the parameter is not read): never a partial file.
    const paged = await t.app.inject({
      method: 'GET',
      url: `${path}export/?format=csv&page=2`,
      headers: admin.headers,
    });
    expect(paged.headers['x-export-rows']).toBe(String((await get(`${path}?per_page=1`)).count));
    const anonymous = await t.app.inject({ method: 'GET', url: `${path}export/?format=csv` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers "Hamısı" (no_page) up to its bound, and past it a 400 that says to narrow the filter or export', async () => {
    const path = driverResource.apiPath;
    const { count } = await get(`${path}?per_page=1`);
    await t.writeOutside((db) =>
      db.execute(sql`
        insert into drivers (last_name, first_name, parent_name, identity_fin_code, driving_license_start_date,
                             driving_license_finish_date, driving_category, status)
        select 'Bound', 'Test', 'Test', 'B' || lpad(i::text, 6, '0'), date '2015-01-01', date '2035-01-01', array['B'], 1
        from generate_series(1, ${allRowsLimit + 1 - count}) i`),
    );
    const refused = await t.app.inject({ method: 'GET', url: `${path}?no_page=1`, headers: admin.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ no_page: [listMessages.allTooMany(allRowsLimit + 1)] });
    expect(listMessages.allTooMany(allRowsLimit + 1)).toBe(
      'Filtr 5.001 sətir seçir, "Hamısı" isə ən çox 5.000 sətir göstərir. Filtri daraldın və ya siyahını ixrac edin.',
    );
    // Narrowed under the bound it answers every row; the export takes them all.
    expect((await get(`${path}?no_page=1&last_name=Bound`)).count).toBe(allRowsLimit + 1 - count);
    const exported = await t.app.inject({ method: 'GET', url: `${path}export/?format=csv`, headers: admin.headers });
    expect(exported.headers['x-export-rows']).toBe(String(allRowsLimit + 1));
    expect(exported.body.split('\r\n').length).toBe(allRowsLimit + 3);
    // The users list keeps the spec's unbounded "all".
    expect((await get('/api/user/users/?no_page=1')).next).toBeNull();
  });
});
