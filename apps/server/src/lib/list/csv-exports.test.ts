import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { liveFormulaCells } from '../../test/csv-starts';
import { createTestApp, type TestApp } from '../../test/test-app';

/** What a payer or a clerk may type: live formulas after each separator a spreadsheet may split at. */
const hostile = 'Ali;=1+1,=2+2\t@SUM(3)';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: string[] } }[];
}

/**
 * Every CSV the product writes (issue 56), found in the OpenAPI document (each GET whose `format` may be csv): with
 * a hostile text in the text columns of the rows it exports, no cell of it is a live formula whatever separator a
 * spreadsheet splits at.
 */
describe('every CSV export', () => {
  let t: TestApp;
  let admin: SignedIn;
  const planted: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az', { steppedUp: true });
    const columns = (
      (await t.database.db.execute(sql`
        select c.table_name as table, c.column_name as column from information_schema.columns c
        join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
        where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying')
          -- What the access and the sign-in read by (a group's code, an e-mail), not what a person types.
          and c.column_name not in ('code', 'email', 'language') and c.column_name not like '%hash'
          -- The demo's statements are known by their number and file (the demo file is written from its payments).
          and c.table_name <> 'bank_statements'
          and exists (select 1 from information_schema.columns i
            where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id')
        order by 1, 2`)) as unknown as { rows: { table: string; column: string }[] }
    ).rows;
    for (const { table, column } of columns) {
      try {
        await t.database.db.transaction(async (tx) => {
          await tx.execute(
            sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${hostile} || ' ' || id::text
              where id in (select id from ${sql.identifier(table)} order by id limit 3)`,
          );
        });
        planted.push(`${table}.${column}`);
      } catch {
        // A column with a check of its own (a code, a state) keeps its value.
      }
    }
    // The demo statement file is written from paid payments: their payers are hostile too.
    await t.database.db.execute(sql`update payments set owner_name = ${hostile}
      where id in (select id from payments where status = 3 order by id limit 3)`);
    // The audit trail is append-only: a city made by hand, through a browser of a hostile name, is a row of it.
    const city = await t.app.inject({
      method: 'POST',
      url: '/api/cities/',
      headers: { ...admin.headers, 'user-agent': hostile },
      payload: { name: 'Ali;=1+1, =2+2 şəhər' },
    });
    expect(city.statusCode, city.body).toBe(201);
    // The mail outbox, whose rows the app writes.
    await t.database.db.execute(sql`insert into mail_outbox (kind, "to", subject, text, html)
      values ('password_reset', ${`${hostile}@x.az`}, ${hostile}, 'x', 'x')`);
    // The paid forms: the first the list shows.
    const paid = (await t.app.inject({ method: 'GET', url: '/api/fn/paid/?per_page=3', headers: admin.headers })).json<{
      results: { id: number }[];
    }>();
    for (const { id } of paid.results)
      await t.database.db.execute(sql`update fn_forms set series = ${hostile} where id = ${id}`);
    await t.app.changes.sync();
  }, 120_000);
  afterAll(async () => t?.close());

  it('writes no live formula in any of them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get?: Operation }>;
    };
    const exports = Object.entries(doc.paths).filter(([, ops]) =>
      ops.get?.parameters?.some((p) => p.name === 'format' && p.in === 'query' && p.schema?.enum?.includes('csv')),
    );
    const withHostile: string[] = [];
    for (const [path] of exports) {
      const url = path.replace('{id}', '1') + '?format=csv';
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/csv/);
      expect(liveFormulaCells(res.body), url).toEqual([]);
      if (res.body.includes('Ali;')) withHostile.push(path);
    }
    // Each of them carried a hostile text (the walk is not vacuous), and there are as many as the product has.
    expect(exports.map(([path]) => path).filter((path) => !withHostile.includes(path))).toEqual([]);
    expect(exports.length).toBeGreaterThanOrEqual(29);
  });
});
