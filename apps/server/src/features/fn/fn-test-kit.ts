import { eq, sql } from 'drizzle-orm';
import { fnCoefficients, groups, regions, transportTypes, userGroups, users } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import type { TestApp } from '../../test/test-app';

let serial = 0;

/** The demo users and ids the fn tests build on, and helpers to make more. */
export async function fnKit(t: TestApp) {
  const idOf = async (table: typeof regions | typeof transportTypes | typeof fnCoefficients) =>
    (await t.database.db.select({ id: table.id }).from(table).orderBy(table.id).limit(1))[0]!.id;
  const regionId = async (name: string) =>
    (await t.database.db.select({ id: regions.id }).from(regions).where(eq(regions.name, name)))[0]!.id;
  const ganja = await regionId('Gəncə');
  const baku = await regionId('Bakı');
  const as = {
    // Confirmed as a step-up would: deleting an operator's account asks for it (issue 40).
    admin: await signInAs(t, 'admin@demo.az', { steppedUp: true }),
    central: await signInAs(t, 'central@demo.az'),
    inspector: await signInAs(t, 'inspector@demo.az'),
    cashier: await signInAs(t, 'cashier@demo.az'),
    regional: await signInAs(t, 'regional@demo.az'),
    operator: await signInAs(t, 'operator@demo.az'),
  };

  /** A new active user of a role in a region, signed in. */
  async function userOf(role: 'operator' | 'inspector' | 'regional_head', region: number): Promise<SignedIn> {
    serial += 1;
    const email = `fn-${role}-${serial}-${Date.now()}@test.az`;
    const [user] = await t.database.db
      .insert(users)
      .values({ email, passwordHash: 'x', firstName: 'Test', lastName: `${role} ${serial}`, regionId: region })
      .returning({ id: users.id });
    const [group] = await t.database.db.select({ id: groups.id }).from(groups).where(eq(groups.code, role));
    await t.database.db.insert(userGroups).values({ userId: user!.id, groupId: group!.id });
    return signInAs(t, email);
  }

  const transportType = await idOf(transportTypes);
  const coefficient = await idOf(fnCoefficients);

  let seriesSerial = 0;
  /** A series no other test of the file uses. */
  const freshSeries = () => {
    seriesSerial += 1;
    const n = seriesSerial;
    return String.fromCharCode(65 + (n % 26)) + String.fromCharCode(65 + (Math.floor(n / 26) % 26)) + 'Z';
  };

  const batchBody = (overrides: Record<string, unknown> = {}) => ({
    series: 'AA',
    start_number: '000001',
    finish_number: '000010',
    operator: as.operator.userId,
    region: ganja,
    transport_type: transportType,
    coefficient,
    expire_date: 3,
    expire_date_type: 'month',
    ...overrides,
  });

  const request = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  async function createBatch(overrides: Record<string, unknown> = {}, who: SignedIn = as.central) {
    const res = await request('POST', '/api/fn/batches/', who, batchBody(overrides));
    if (res.statusCode !== 201) throw new Error(`create batch: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; version: number; series: string; count: number; created_at: string };
  }

  const count = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  /**
   * A paid payment of `ownerCode` over `size` new forms of an accepted batch (Gəncə, 3 months), through the API as a
   * cashier does it: its forms are paid, valid from today.
   */
  async function payForms(ownerCode: string, size = 1) {
    const batch = await createBatch({ series: freshSeries(), finish_number: String(size).padStart(6, '0') });
    const ok = <R extends { statusCode: number; body: string }>(res: R, status = 200): R => {
      if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
      return res;
    };
    ok(await request('POST', `/api/fn/batches/${batch.id}/accept/`, as.operator));
    const forms = ok(await request('GET', `/api/fn/forms/?batch=${batch.id}&no_page=1`, as.central)).json().results as {
      id: number;
      series: string;
      number: string;
    }[];
    const value = (await count(
      sql`select coefficient::text as n from fn_coefficients where id = ${coefficient}`,
    )) as unknown;
    const day = new Date().toISOString().slice(0, 10);
    serial += 1;
    const payment = ok(
      await request('POST', '/api/payments/', as.cashier, {
        owner_code: ownerCode,
        owner_name: 'Test daşıyıcı',
        mdssh_number: 'M-1',
        mdssh_date: day,
        mdssh_amount: '10.00',
        itsda_number: 'I-1',
        itsda_date: day,
        itsda_amount: '12.50',
        rows: forms.map((f, i) => ({
          form: f.id,
          plate: `10-AA-${String(100 + i).slice(-3)}`,
          seats_count: 18,
          transport_type: transportType,
          coefficient: value,
          expire_date: 3,
        })),
      }),
      201,
    ).json() as { id: number };
    ok(await request('POST', `/api/payments/${payment.id}/submit/`, as.cashier));
    ok(
      await request('POST', `/api/payments/${payment.id}/pay/`, as.cashier, {
        payment_receipt_number: `R-${Date.now()}-${serial}`,
        payment_receipt_date: day,
      }),
    );
    return { payment, forms };
  }

  return {
    as,
    ganja,
    baku,
    transportType,
    coefficient,
    userOf,
    freshSeries,
    batchBody,
    request,
    createBatch,
    count,
    payForms,
  };
}
