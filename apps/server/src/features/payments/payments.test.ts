import { paymentMessages, transitionRefusedMessage, versionMessages } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';

interface Form {
  id: number;
  series: string;
  number: string;
  batch: number;
  stage: string;
  status: number | null;
  payment: number | null;
  valid_from: string | null;
  valid_to: string | null;
}

interface Payment {
  id: number;
  status: number;
  total: string;
  version: number;
  region: number;
  verify_code: string;
  owner_category: number | null;
  rows: {
    id: number;
    form: number;
    tax_price: string;
    right_of_use: number | null;
    right_of_use_expire_date: string | null;
    count_vehicle_load: boolean;
    inspector: number | null;
    tariff: Record<string, unknown>;
    valid_from: string | null;
    valid_until: string | null;
  }[];
}

describe('payments API', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  let coefficient: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
    const rows = (await t.database.db.execute(
      sql`select coefficient::text as c from fn_coefficients where id = ${k.coefficient}`,
    )) as unknown as { rows: { c: string }[] };
    coefficient = rows.rows[0]!.c;
  });
  afterAll(async () => t?.close());

  let keySerial = 0;
  const key = () => `test-key-${Date.now()}-${++keySerial}`;
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: object, idemKey?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, ...(idemKey ? { 'idempotency-key': idemKey } : {}) },
      ...(payload ? { payload } : {}),
    });

  /** An accepted batch of the demo operator (Gəncə, 3 months): its forms are active. */
  async function activeForms(size = 3): Promise<Form[]> {
    const batch = await k.createBatch({ series: k.freshSeries(), finish_number: String(size).padStart(6, '0') });
    expect((await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator)).statusCode).toBe(200);
    return (await k.request('GET', `/api/fn/forms/?batch=${batch.id}&no_page=1`, k.as.central)).json()
      .results as Form[];
  }
  const form = async (id: number) => (await k.request('GET', `/api/fn/forms/${id}/`, k.as.central)).json() as Form;

  const row = (formId: number, overrides: Record<string, unknown> = {}) => ({
    form: formId,
    plate: '10-AA-123',
    seats_count: 18,
    transport_type: k.transportType,
    coefficient,
    expire_date: 3,
    ...overrides,
  });
  const body = (rows: object[], overrides: Record<string, unknown> = {}) => ({
    owner_code: '1234567891',
    owner_name: 'Əliyev Vəli Məmməd oğlu',
    mdssh_number: 'M-1',
    mdssh_date: '2025-01-10',
    mdssh_amount: '10.00',
    itsda_number: 'I-1',
    itsda_date: '2025-01-10',
    itsda_amount: '12.50',
    rows,
    ...overrides,
  });
  async function create(rows: object[], overrides: Record<string, unknown> = {}, who = k.as.cashier) {
    const res = await send('POST', '/api/payments/', who, body(rows, overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Payment;
  }
  let receiptSerial = 0;
  const receipt = () => `RCPT-${Date.now()}-${++receiptSerial}`;
  const today = () => new Date().toISOString().slice(0, 10);

  it('creates a payment priced by the server, with the snapshot; the forms become used with the ledger', async () => {
    const forms = await activeForms(2);
    const payment = await create([
      row(forms[0]!.id, { base_carrier_pin: '1234567891', right_of_use_expire_date: '2030-01-01' }),
      row(forms[1]!.id, { base_carrier_pin: '9999999999', seats_count: 5 }),
    ]);
    expect(payment.status).toBe(1);
    expect(payment.owner_category).toBe(1);
    // 18 seats × coefficient × 3 months × 1.80; 5 seats likewise.
    const units = (seats: number) => (BigInt(seats) * BigInt(Math.round(Number(coefficient) * 100)) * 3n * 180n) / 100n;
    const amount = (q: bigint) => `${q / 100n}.${String(q % 100n).padStart(2, '0')}`;
    expect(payment.rows.map((r) => r.tax_price)).toEqual([amount(units(18)), amount(units(5))]);
    expect(payment.total).toBe(amount(units(18) + units(5)));
    expect(payment.rows[0]!.tariff).toMatchObject({ fee_group: 'seat', tariff_rate: '1.80', units: '18', months: 3 });
    // Own use: kind 1 and no expiry; someone else's vehicle: kind 3.
    expect(payment.rows[0]!.right_of_use).toBe(1);
    expect(payment.rows[0]!.right_of_use_expire_date).toBeNull();
    expect(payment.rows[1]!.right_of_use).toBe(3);
    const used = await form(forms[0]!.id);
    expect(used).toMatchObject({ stage: 'used', payment: payment.id });
    const history = (await k.request('GET', `/api/fn/forms/${forms[0]!.id}/history/`, k.as.central)).json().results;
    expect(history.at(-1).movement).toBe('use');
    const audit = await k.count(
      sql`select count(*)::int as n from audit_log where resource = 'payment' and record_id = ${String(payment.id)}`,
    );
    expect(audit).toBe(1);

    // The quote prices the same rows the same way.
    const quote = await send('POST', '/api/payments/quote/', k.as.cashier, {
      rows: [row(0, { seats_count: 18 }), row(0, { seats_count: 5 })].map(({ form: _f, plate: _p, ...r }) => r),
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().total).toBe(payment.total);
    expect(quote.json().rows[0]).toEqual(payment.rows[0]!.tariff);
  });

  it('refuses a form that is not free, of another region, twice in a payment, or priced unlike its batch', async () => {
    const forms = await activeForms(3);
    await create([row(forms[0]!.id)]);
    const taken = await send('POST', '/api/payments/', k.as.cashier, body([row(forms[0]!.id)]));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ 'rows.0.form': [paymentMessages.formTaken] });
    const twice = await send('POST', '/api/payments/', k.as.cashier, body([row(forms[1]!.id), row(forms[1]!.id)]));
    expect(twice.json()).toEqual({ 'rows.1.form': [paymentMessages.formTwice] });
    const wrong = await send(
      'POST',
      '/api/payments/',
      k.as.cashier,
      body([row(forms[1]!.id, { coefficient: '9.5', expire_date: 12 })]),
    );
    expect(Object.keys(wrong.json()).sort()).toEqual(['rows.0.coefficient', 'rows.0.expire_date']);
    // A national user names a region; a form of Gəncə is not one of Baku.
    const baku = await send('POST', '/api/payments/', k.as.central, body([row(forms[2]!.id)], { region: k.baku }));
    expect(baku.statusCode).toBe(400);
    expect(Object.keys(baku.json())).toEqual(['rows.0.form']);
    const noRegion = await send('POST', '/api/payments/', k.as.central, body([row(forms[2]!.id)]));
    expect(noRegion.json()).toEqual({ region: [paymentMessages.regionRequired] });
    expect((await form(forms[2]!.id)).stage).toBe('active');
  });

  it("takes as a row's inspector only an active inspector of the payment's region", async () => {
    const forms = await activeForms(2);
    const refused = await send(
      'POST',
      '/api/payments/',
      k.as.cashier,
      body([row(forms[0]!.id, { inspector: k.as.cashier.userId }), row(forms[1]!.id)]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ 'rows.0.inspector': [paymentMessages.inspectorInvalid] });
    expect((await form(forms[0]!.id)).stage).toBe('active');
    const payment = await create([row(forms[0]!.id, { inspector: k.as.inspector.userId }), row(forms[1]!.id)]);
    expect(payment.rows.map((r) => r.inspector)).toEqual([k.as.inspector.userId, null]);
  });

  it('moves 1 -> 2 -> 3: notice status, validity from the receipt date, the ledger; refuses the rest with 409', async () => {
    const forms = await activeForms(2);
    const payment = await create([row(forms[0]!.id), row(forms[1]!.id, { expire_date: 3 })]);
    const pay = { payment_receipt_number: receipt(), payment_receipt_date: today() };
    const early = await send('POST', `/api/payments/${payment.id}/pay/`, k.as.cashier, pay);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(transitionRefusedMessage(1, 'pay'));
    const submitted = await send('POST', `/api/payments/${payment.id}/submit/`, k.as.cashier);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe(2);
    expect((await form(forms[0]!.id)).status).toBe(2);
    expect((await send('POST', `/api/payments/${payment.id}/submit/`, k.as.cashier)).statusCode).toBe(409);
    const edit = await send('PUT', `/api/payments/${payment.id}/`, k.as.cashier, {
      ...body([row(forms[0]!.id)]),
      version: submitted.json().version,
    });
    expect(edit.json()).toEqual({ detail: paymentMessages.editOnlyUnderReview });

    const future = await send('POST', `/api/payments/${payment.id}/pay/`, k.as.cashier, {
      ...pay,
      payment_receipt_date: '2999-01-01',
    });
    expect(future.json()).toEqual({ payment_receipt_date: [paymentMessages.receiptDateFuture] });
    const paid = await send('POST', `/api/payments/${payment.id}/pay/`, k.as.cashier, pay);
    expect(paid.statusCode, paid.body).toBe(200);
    const after = paid.json() as Payment;
    expect(after.status).toBe(3);
    expect(after.rows[0]!.valid_from).toBe(pay.payment_receipt_date);
    const paidForm = await form(forms[0]!.id);
    expect(paidForm).toMatchObject({ stage: 'paid', status: 4, valid_from: pay.payment_receipt_date });
    expect(paidForm.valid_to).toBe(after.rows[0]!.valid_until);
    const movements = (await k.request('GET', `/api/fn/forms/${forms[0]!.id}/history/`, k.as.central))
      .json()
      .results.map((e: { movement: string }) => e.movement);
    expect(movements.slice(-3)).toEqual(['use', 'submit', 'pay']);
    for (const action of ['submit', 'cancel'] as const) {
      const res = await send('POST', `/api/payments/${payment.id}/${action}/`, k.as.cashier, { reason: 'x' });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(transitionRefusedMessage(3, action));
    }

    // A receipt number is used once only.
    const other = await create([row((await activeForms(1))[0]!.id)]);
    await send('POST', `/api/payments/${other.id}/submit/`, k.as.cashier);
    const reused = await send('POST', `/api/payments/${other.id}/pay/`, k.as.cashier, pay);
    expect(reused.json()).toEqual({ payment_receipt_number: [paymentMessages.receiptNumberTaken] });
  });

  it('submits a form not fully insured as 3, refuses to pay until the missing record is recorded (3 -> 2), then pays', async () => {
    const [f] = await activeForms(1);
    const payment = await create([row(f!.id)], { itsda_amount: null });
    await send('POST', `/api/payments/${payment.id}/submit/`, k.as.cashier);
    expect((await form(f!.id)).status).toBe(3);
    const res = await send('POST', `/api/payments/${payment.id}/pay/`, k.as.cashier, {
      payment_receipt_number: receipt(),
      payment_receipt_date: today(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(paymentMessages.insuranceRequired);

    // The missing record comes after the submit: recorded alone (with the version read), the form moves to 2 with
    // a ledger row, and the payment can be paid.
    const insurance = (version: number, itsda_amount: string | null) => ({
      mdssh_number: 'M-1',
      mdssh_date: '2025-01-10',
      mdssh_amount: '10.00',
      itsda_number: 'I-1',
      itsda_date: '2025-01-10',
      itsda_amount,
      version,
    });
    const submitted = (await send('GET', `/api/payments/${payment.id}/`, k.as.cashier)).json() as Payment;
    const stale = await send('PUT', `/api/payments/${payment.id}/insurance/`, k.as.cashier, {
      ...insurance(submitted.version - 1, '12.50'),
    });
    expect(stale.statusCode).toBe(409);
    const insured = await send(
      'PUT',
      `/api/payments/${payment.id}/insurance/`,
      k.as.cashier,
      insurance(submitted.version, '12.50'),
    );
    expect(insured.statusCode, insured.body).toBe(200);
    expect(insured.json()).toMatchObject({ status: 2, itsda_amount: '12.50', version: submitted.version + 1 });
    expect((await form(f!.id)).status).toBe(2);
    const history = (await k.request('GET', `/api/fn/forms/${f!.id}/history/`, k.as.central)).json().results;
    expect(history.at(-1)).toMatchObject({ movement: 'insure', before: { status: 3 }, after: { status: 2 } });
    const paid = await send('POST', `/api/payments/${payment.id}/pay/`, k.as.cashier, {
      payment_receipt_number: receipt(),
      payment_receipt_date: today(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // Paid: the records are final.
    const late = await send(
      'PUT',
      `/api/payments/${payment.id}/insurance/`,
      k.as.cashier,
      insurance(paid.json().version, '13.00'),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(paymentMessages.insuranceOnlyBeforePaid);
  });

  it('cancels 1 -> 4 and 2 -> 4 with a reason: the forms are free again and usable by another payment', async () => {
    const forms = await activeForms(2);
    const first = await create([row(forms[0]!.id, { brand_model: 'Mercedes Sprinter', trailer_plate: '10-TT-001' })]);
    // check-fn names the vehicle and the carrier of the payment that holds the form, and no longer once cancelled.
    const check = async () => {
      const { series, number } = await form(forms[0]!.id);
      return (await k.request('GET', `/api/fn/check/?series=${series}&number=${number}`, k.as.inspector)).json();
    };
    expect(await check()).toMatchObject({
      payment: first.id,
      vehicle: '10-AA-123 (Mercedes Sprinter) + 10-TT-001',
      carrier: 'Əliyev Vəli Məmməd oğlu (VÖEN 1234567891)',
    });
    const noReason = await send('POST', `/api/payments/${first.id}/cancel/`, k.as.cashier, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const cancelled = await send('POST', `/api/payments/${first.id}/cancel/`, k.as.cashier, { reason: 'Səhv' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe(4);
    expect(await form(forms[0]!.id)).toMatchObject({ stage: 'active', status: 0, payment: null });
    expect(await check()).toMatchObject({ payment: null, vehicle: null, carrier: null });
    expect((await send('POST', `/api/payments/${first.id}/cancel/`, k.as.cashier, { reason: 'x' })).statusCode).toBe(
      409,
    );
    const second = await create([row(forms[0]!.id), row(forms[1]!.id)]);
    await send('POST', `/api/payments/${second.id}/submit/`, k.as.cashier);
    expect((await send('POST', `/api/payments/${second.id}/cancel/`, k.as.cashier, { reason: 'x' })).statusCode).toBe(
      200,
    );
    expect((await form(forms[1]!.id)).status).toBe(0);
    const held = await k.count(
      sql`select count(*)::int as n from payment_rows where form_id = ${forms[0]!.id} and not cancelled`,
    );
    expect(held).toBe(0);
  });

  it('edits under review with the version read: stale 409; removed forms freed, added ones used', async () => {
    const forms = await activeForms(2);
    const payment = await create([row(forms[0]!.id)]);
    const stale = await send('PUT', `/api/payments/${payment.id}/`, k.as.cashier, {
      ...body([row(forms[1]!.id)]),
      version: payment.version + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(versionMessages.stale);
    const edited = await send('PUT', `/api/payments/${payment.id}/`, k.as.cashier, {
      ...body([row(forms[1]!.id, { seats_count: 1 })]),
      version: payment.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().version).toBe(payment.version + 1);
    expect(edited.json().rows.map((r: { form: number }) => r.form)).toEqual([forms[1]!.id]);
    expect((await form(forms[0]!.id)).stage).toBe('active');
    expect((await form(forms[1]!.id)).stage).toBe('used');
  });

  it("offers free forms with their row's pricing (coefficient value, months) to a cashier, who cannot read batches", async () => {
    const [f] = await activeForms(1);
    const free = await send('GET', `/api/fn/forms/for-payment/?series=${f!.series}`, k.as.cashier);
    expect(free.statusCode, free.body).toBe(200);
    const [offered] = free.json().results as {
      id: number;
      transport_type: number;
      coefficient_value: string;
      months: number;
    }[];
    expect(offered).toMatchObject({ id: f!.id, transport_type: k.transportType, months: 3 });
    expect(offered!.coefficient_value).toBe(coefficient.replace(/\.?0+$/, ''));
    expect((await send('GET', `/api/fn/batches/${f!.batch}/`, k.as.cashier)).statusCode).toBe(403);
    await create([row(f!.id, { coefficient: offered!.coefficient_value, expire_date: offered!.months })]);
  });

  it('is region-scoped: another region by id is 404, and not in the list', async () => {
    const bakuOperator = await k.userOf('operator', k.baku);
    const batch = await k.createBatch({
      series: k.freshSeries(),
      operator: bakuOperator.userId,
      region: k.baku,
      finish_number: '000001',
    });
    await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, bakuOperator);
    const [f] = (await k.request('GET', `/api/fn/forms/?batch=${batch.id}`, k.as.central)).json().results as Form[];
    const free = await send('GET', `/api/fn/forms/for-payment/?series=${batch.series}`, k.as.cashier);
    expect(free.json().count).toBe(0);
    expect((await send('GET', `/api/fn/forms/for-payment/?series=${batch.series}`, k.as.central)).json().count).toBe(1);
    const payment = await create([row(f!.id)], { region: k.baku }, k.as.central);
    for (const url of [`/api/payments/${payment.id}/`, `/api/payments/${payment.id}/receipt.pdf`]) {
      expect((await send('GET', url, k.as.cashier)).statusCode).toBe(404);
    }
    expect((await send('POST', `/api/payments/${payment.id}/submit/`, k.as.cashier)).statusCode).toBe(404);
    const listed = await send('GET', `/api/payments/?form_series=${batch.series}`, k.as.cashier);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json();
    expect(list.count).toBe(0);
    const national = (await send('GET', `/api/payments/?form_series=${batch.series}`, k.as.central)).json();
    expect(national.results.map((p: Payment) => p.id)).toEqual([payment.id]);
    // The inspector (C) has no fn-payment screen.
    expect((await send('GET', '/api/payments/', k.as.inspector)).statusCode).toBe(403);
  });

  it('replays the first answer for the same key and body; another body with the key is 422', async () => {
    const forms = await activeForms(2);
    const idem = key();
    const first = await send('POST', '/api/payments/', k.as.cashier, body([row(forms[0]!.id)]), idem);
    expect(first.statusCode).toBe(201);
    const again = await send('POST', '/api/payments/', k.as.cashier, body([row(forms[0]!.id)]), idem);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const other = await send('POST', '/api/payments/', k.as.cashier, body([row(forms[1]!.id)]), idem);
    expect(other.statusCode).toBe(422);
    const id = first.json().id as number;
    const submitKey = key();
    const s1 = await send('POST', `/api/payments/${id}/submit/`, k.as.cashier, undefined, submitKey);
    const s2 = await send('POST', `/api/payments/${id}/submit/`, k.as.cashier, undefined, submitKey);
    expect([s1.statusCode, s2.statusCode]).toEqual([200, 200]);
    expect(s2.headers['idempotent-replayed']).toBe('true');
  });

  it('a key whose effect committed but whose answer was lost answers with that payment, never runs twice', async () => {
    const forms = await activeForms(1);
    const idem = key();
    const first = await send('POST', '/api/payments/', k.as.cashier, body([row(forms[0]!.id)]), idem);
    expect(first.statusCode).toBe(201);
    // The key was marked with the payment in the payment's own transaction; the kept answer is then lost (as when
    // the process dies between the commit and keeping it).
    const lose = sql`update idempotency_keys set response_status = null, response_content_type = null,
      response_body = null, completed_at = null where key = ${idem} returning effect_resource, effect_record_id`;
    const marked = (await t.database.db.execute(lose)) as unknown as { rows: Record<string, string>[] };
    expect(marked.rows[0]).toEqual({ effect_resource: 'payment', effect_record_id: String(first.json().id) });
    const again = await send('POST', '/api/payments/', k.as.cashier, body([row(forms[0]!.id)]), idem);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // A transition too: its lost answer is the payment as it is.
    const submitKey = key();
    const submitted = await send(
      'POST',
      `/api/payments/${first.json().id}/submit/`,
      k.as.cashier,
      undefined,
      submitKey,
    );
    expect(submitted.statusCode).toBe(200);
    await t.database.db.execute(sql`update idempotency_keys set response_status = null, response_content_type = null,
      response_body = null, completed_at = null where key = ${submitKey}`);
    const resubmitted = await send(
      'POST',
      `/api/payments/${first.json().id}/submit/`,
      k.as.cashier,
      undefined,
      submitKey,
    );
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json()).toEqual(submitted.json());
  });

  it('50 concurrent pay requests: exactly one 200; 20 payments racing for one form: exactly one holds it', async () => {
    const [f, g] = await activeForms(2);
    const payment = await create([row(f!.id)]);
    await send('POST', `/api/payments/${payment.id}/submit/`, k.as.cashier);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(
          'POST',
          `/api/payments/${payment.id}/pay/`,
          k.as.cashier,
          { payment_receipt_number: `${receipt()}-${i}`, payment_receipt_date: today() },
          key(),
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);

    const racing = await Promise.all(
      Array.from({ length: 20 }, () => send('POST', '/api/payments/', k.as.cashier, body([row(g!.id)]), key())),
    );
    const raced = racing.map((a) => a.statusCode);
    expect(raced.filter((c) => c === 201)).toHaveLength(1);
    expect(raced.filter((c) => c >= 500)).toEqual([]);
    const holders = await k.count(
      sql`select count(*)::int as n from payment_rows where form_id = ${g!.id} and not cancelled`,
    );
    expect(holders).toBe(1);
  });

  it('prints the receipt only when paid; the public check shows it valid, the owner masked; a wrong code 404', async () => {
    const [f] = await activeForms(1);
    const payment = await create([row(f!.id)]);
    const before = await send('GET', `/api/payments/${payment.id}/receipt.pdf`, k.as.cashier);
    expect(before.statusCode).toBe(409);
    const unpaid = await t.app.inject({ method: 'GET', url: `/api/public/payments/${payment.verify_code}/` });
    expect(unpaid.json().valid).toBe(false);
    await send('POST', `/api/payments/${payment.id}/submit/`, k.as.cashier);
    const pay = { payment_receipt_number: receipt(), payment_receipt_date: today() };
    expect((await send('POST', `/api/payments/${payment.id}/pay/`, k.as.cashier, pay)).statusCode).toBe(200);
    const pdf = await send('GET', `/api/payments/${payment.id}/receipt.pdf`, k.as.cashier);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const check = await t.app.inject({ method: 'GET', url: `/api/public/payments/${payment.verify_code}/` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      valid: true,
      status: 3,
      owner_name: 'Ə*** V*** M*** o***',
      payment_receipt_number: pay.payment_receipt_number,
      total: payment.total,
    });
    expect(check.json().rows[0]).toMatchObject({ plate: '10-AA-123', form_number: f!.number });
    for (const code of ['A'.repeat(27), 'nope', payment.verify_code.slice(1)]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/public/payments/${code}/` })).statusCode).toBe(404);
    }
  });
});
