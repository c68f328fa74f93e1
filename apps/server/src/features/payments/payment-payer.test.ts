import { paymentMessages } from '@dnx/shared';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carriers, transportTypes } from '../../db/schema';
import type { SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';

describe('a payer by VÖEN (GET /api/payments/payer/)', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  let coefficient: string;
  let types: { id: number; name: string }[];
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
    const rows = (await t.database.db.execute(
      sql`select coefficient::text as c from fn_coefficients where id = ${k.coefficient}`,
    )) as unknown as { rows: { c: string }[] };
    coefficient = rows.rows[0]!.c;
    types = await t.database.db
      .select({ id: transportTypes.id, name: transportTypes.name })
      .from(transportTypes)
      .orderBy(asc(transportTypes.id));
  });
  afterAll(async () => t?.close());

  const payer = (voen: string, who: SignedIn) =>
    t.app.inject({ method: 'GET', url: `/api/payments/payer/?voen=${encodeURIComponent(voen)}`, headers: who.headers });

  /** A payment under review of `voen` on a new form of an accepted batch (Gəncə unless `operator` says). */
  async function paymentOf(
    voen: string,
    header: Record<string, unknown>,
    who: SignedIn = k.as.cashier,
    operator: SignedIn = k.as.operator,
    region = k.ganja,
  ) {
    const batch = await k.createBatch({
      series: k.freshSeries(),
      finish_number: '000001',
      operator: operator.userId,
      region,
    });
    expect((await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, operator)).statusCode).toBe(200);
    const [form] = (await k.request('GET', `/api/fn/forms/?batch=${batch.id}&no_page=1`, k.as.central)).json()
      .results as { id: number }[];
    const res = await k.request('POST', '/api/payments/', who, {
      owner_code: voen,
      owner_name: 'Ödəyici',
      region,
      rows: [
        {
          form: form!.id,
          plate: '10-AA-123',
          seats_count: 18,
          transport_type: k.transportType,
          coefficient,
          expire_date: 3,
        },
      ],
      ...header,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  }

  it("fills from the carriers' register: name, address and phone; no earlier payment, no transport type", async () => {
    await t.database.db.insert(carriers).values({
      name: 'Şəki Yük Daşımaları MMC',
      voen: '5500000011',
      address: 'Şəki, M. F. Axundzadə 4',
      phone: '+994502220011',
    });
    const res = await payer('5500000011', k.as.cashier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      voen: '5500000011',
      source: 'carrier',
      name: 'Şəki Yük Daşımaları MMC',
      address: 'Şəki, M. F. Axundzadə 4',
      phone: '+994502220011',
      transport_type: null,
      transport_type_name: null,
    });
  });

  it('fills a payer not on the register from their latest payment, with the transport type most used in their payments', async () => {
    const [first, second] = types;
    await paymentOf('5500000022', { owner_transport_type: second!.id, owner_name: 'Köhnə ad' });
    await paymentOf('5500000022', { owner_transport_type: second!.id });
    await paymentOf('5500000022', {
      owner_transport_type: first!.id,
      owner_name: 'Quliyev Rəşad',
      owner_address: 'Gəncə, Nizami 7',
      owner_phone: '+994553330022',
    });
    const res = await payer('5500000022', k.as.cashier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      voen: '5500000022',
      source: 'payment',
      name: 'Quliyev Rəşad',
      address: 'Gəncə, Nizami 7',
      phone: '+994553330022',
      transport_type: second!.id,
      transport_type_name: second!.name,
    });
    // A cancelled payment does not count: with both of the second type cancelled, the first is the usual one.
    const payments = (await k.request('GET', '/api/payments/?owner_code=5500000022&order_by=id', k.as.cashier)).json()
      .results as { id: number }[];
    for (const p of payments.slice(0, 2)) {
      const cancelled = await k.request('POST', `/api/payments/${p.id}/cancel/`, k.as.cashier, { reason: 'Səhv' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    expect((await payer('5500000022', k.as.cashier)).json()).toMatchObject({ transport_type: first!.id });
  });

  it("takes the vehicles' transport type when no payment named the payer's", async () => {
    await paymentOf('5500000044', { owner_transport_type: null });
    expect((await payer('5500000044', k.as.cashier)).json()).toMatchObject({
      source: 'payment',
      transport_type: k.transportType,
    });
  });

  it("is region-scoped like the lists: another region's payer is unknown to a regional user, known to a national one", async () => {
    const bakuOperator = await k.userOf('operator', k.baku);
    await paymentOf('5500000033', { owner_name: 'Bakı Ödəyicisi' }, k.as.central, bakuOperator, k.baku);
    const regional = await payer('5500000033', k.as.cashier);
    expect(regional.statusCode).toBe(404);
    expect(regional.json()).toEqual({ detail: paymentMessages.payerNotFound });
    const national = await payer('5500000033', k.as.central);
    expect(national.statusCode).toBe(200);
    expect(national.json()).toMatchObject({ source: 'payment', name: 'Bakı Ödəyicisi' });
  });

  it('answers an unknown VÖEN 404 with its message, one that is not 10 digits 400 under voen', async () => {
    const unknown = await payer('5599999999', k.as.cashier);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: paymentMessages.payerNotFound });
    for (const wrong of ['12345', '12345678901', 'ABCDEFGHIJ', '']) {
      const res = await payer(wrong, k.as.cashier);
      expect(res.statusCode, wrong).toBe(400);
      expect(res.json()).toEqual({ voen: [paymentMessages.ownerCodeInvalid] });
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/payments/payer/', headers: k.as.cashier.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ voen: [paymentMessages.ownerCodeInvalid] });
  });

  it('is open to whoever may create a payment, and to no one else', async () => {
    for (const who of [k.as.cashier, k.as.operator, k.as.regional, k.as.central, k.as.admin]) {
      expect((await payer('5500000011', who)).statusCode).toBe(200);
    }
    expect((await payer('5500000011', k.as.inspector)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/payer/?voen=5500000011' })).statusCode).toBe(401);
  });
});
