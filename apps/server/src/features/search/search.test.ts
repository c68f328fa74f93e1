import type { SearchAnswer } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';

/**
 * Search from anywhere (issue 29), on both databases: each kind is found by what it looks like, and never what the
 * user's permissions or regions hide; recent searches are the user's own, the ten newest.
 */
describe('search', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  let bakuHead: SignedIn;
  const one = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows[0]!;
  const search = async (who: SignedIn, q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search/?q=${encodeURIComponent(q)}`,
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchAnswer;
  };
  const kinds = (answer: SearchAnswer) => answer.groups.map((g) => g.kind);
  const paths = (answer: SearchAnswer, kind: string) =>
    answer.groups.find((g) => g.kind === kind)?.results.map((r) => r.path) ?? [];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
    bakuHead = await k.userOf('regional_head', k.baku);
  });
  afterAll(async () => t?.close());

  it('finds a form by series and number however it is typed, only in the regions the user sees', async () => {
    const form = await one<{ series: string; number: number; region: number }>(
      sql`select f.series, f.number, b.region_id as region from fn_forms f join fn_batches b on b.id = f.batch_id
          where b.region_id = ${k.ganja} order by f.id limit 1`,
    );
    const number = String(form.number).padStart(6, '0');
    for (const q of [
      `${form.series} ${number}`,
      `${form.series}${number}`,
      `${form.series.toLowerCase()}-${form.number}`,
    ]) {
      const answer = await search(k.as.regional, q);
      expect(paths(answer, 'form'), q).toEqual([`/app/general-fn?series=${form.series}&number=${number}`]);
    }
    expect(kinds(await search(bakuHead, `${form.series} ${number}`))).not.toContain('form');
  });

  it('finds a payment by receipt, VÖEN and plate, and the carrier and tax payer by VÖEN; scope and rights hold', async () => {
    const paid = await one<{ id: number; receipt: string; owner: string; plate: string }>(
      sql`select p.id, p.payment_receipt_number as receipt, p.owner_code as owner, r.plate from payments p
          join payment_rows r on r.payment_id = p.id where p.status = 3 and p.region_id = ${k.ganja} order by p.id limit 1`,
    );
    const receipt = await search(k.as.cashier, paid.receipt);
    expect(paths(receipt, 'payment')).toEqual([`/app/fn-payment?view=${paid.id}`]);
    expect(paths(await search(k.as.cashier, paid.owner), 'payment')).toContain(`/app/fn-payment?view=${paid.id}`);
    expect(paths(await search(k.as.cashier, paid.plate.replace(/-/g, ' ').toLowerCase()), 'payment')).toContain(
      `/app/fn-payment?view=${paid.id}`,
    );
    // Another region's head sees none of it.
    expect(kinds(await search(bakuHead, paid.receipt))).not.toContain('payment');

    const carrier = await one<{ id: number; voen: string }>(sql`select id, voen from carriers order by id limit 1`);
    const byVoen = await search(k.as.admin, carrier.voen);
    expect(paths(byVoen, 'carrier')).toContain(`/app/carrier-form/${carrier.id}`);
    // The cashier may not read the carriers list: no carriers, whatever is typed.
    expect(kinds(await search(k.as.cashier, carrier.voen))).not.toContain('carrier');
  });

  it('finds an automobile by plate, people by name with Azerbaijani folding, and a request by its tracking code', async () => {
    const car = await one<{ id: number; plate: string }>(
      sql`select id, registration_number as plate from automobiles order by id limit 1`,
    );
    expect(paths(await search(k.as.admin, car.plate), 'automobile')).toContain(`/app/automobiles-edit/${car.id}`);

    const admin = await one<{ id: number }>(sql`select id from users where email = 'admin@demo.az'`);
    const people = await search(k.as.admin, 'memmedov');
    expect(paths(people, 'user')).toContain(`/app/user-edit/${admin.id}`);
    expect(kinds(await search(k.as.cashier, 'memmedov'))).not.toContain('user');

    const request = await one<{ id: number; code: string; region: number }>(
      sql`select id, code, region_id as region from online_payment_requests order by id limit 1`,
    );
    const found = await search(k.as.admin, request.code.toLowerCase());
    expect(paths(found, 'online_payment')).toEqual([`/app/online-payment?request=${request.id}`]);
  });

  it("finds saved views by name: the user's own and those shared with their groups, never another's", async () => {
    const ids = await t.database.db.execute(sql`select
        (select id from users where email = 'cashier@demo.az') as cashier,
        (select id from users where email = 'admin@demo.az') as admin,
        (select g.id from groups g join user_groups ug on ug.group_id = g.id join users u on u.id = ug.user_id
          where u.email = 'cashier@demo.az' limit 1) as cashier_group`);
    const {
      cashier,
      admin,
      cashier_group: group,
    } = (ids as unknown as { rows: { cashier: number; admin: number; cashier_group: number }[] }).rows[0]!;
    const view = async (user: number, name: string, sharedWith: number | null) => {
      const [row] = (
        (await t.database.db.execute(sql`insert into saved_views (user_id, list, name, query)
          values (${user}, 'fn-payment', ${name}, '{"status":"3"}'::jsonb) returning id`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      if (sharedWith !== null)
        await t.database.db.execute(
          sql`insert into saved_view_groups (view_id, group_id) values (${row!.id}, ${sharedWith})`,
        );
      return row!.id;
    };
    const own = await view(cashier, 'Ödənilmişlər mənim', null);
    const shared = await view(admin, 'Ödənilmişlər kassa', group);
    await view(admin, 'Ödənilmişlər admin', null);
    const answer = await search(k.as.cashier, 'odenilmisler');
    const views = answer.groups.find((g) => g.kind === 'view')!.results;
    expect(views.map((v) => v.id).sort()).toEqual([own, shared].sort());
    // A view opens by its id: the list applies it, leaving out what the person may no longer see, and says so.
    expect(views.map((v) => v.path).sort()).toEqual(
      [own, shared].map((id) => `/app/fn-payment?saved_view=${id}`).sort(),
    );
  });

  it('answers nothing for one letter, 400 for a query too long, 401 signed out', async () => {
    expect((await search(k.as.admin, 'a')).groups).toEqual([]);
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/search/?q=${'x'.repeat(101)}`,
      headers: k.as.admin.headers,
    });
    expect(long.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/search/?q=GA' })).statusCode).toBe(401);
  });

  it('keeps each user their own ten newest searches', async () => {
    const remember = (who: SignedIn, q: string) =>
      t.app.inject({ method: 'POST', url: '/api/search/recent/', headers: who.headers, payload: { q } });
    for (let i = 1; i <= 12; i += 1) expect((await remember(k.as.cashier, `Q-${i}`)).statusCode).toBe(200);
    await remember(k.as.cashier, 'Q-5');
    const recent = await t.app.inject({ method: 'GET', url: '/api/search/recent/', headers: k.as.cashier.headers });
    expect(recent.json().results).toEqual(['Q-5', 'Q-12', 'Q-11', 'Q-10', 'Q-9', 'Q-8', 'Q-7', 'Q-6', 'Q-4', 'Q-3']);
    const others = await t.app.inject({ method: 'GET', url: '/api/search/recent/', headers: k.as.admin.headers });
    expect(others.json().results).toEqual([]);
    expect((await remember(k.as.cashier, '  ')).statusCode).toBe(400);
  });
});
