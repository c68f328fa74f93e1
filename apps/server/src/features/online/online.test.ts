import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  authApiMessages,
  onlineCarrierExportColumns,
  onlineMessages,
  onlinePaymentExportColumns,
  type ExportColumns,
  type Page,
} from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../test/auth-helpers';
import { expectedCsv } from '../../test/list-export';
import { xlsxEditedCells } from '../../test/xlsx-cells';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { multipart, smallPdf, smallPng, type Part } from '../../test/multipart';

const pdf = smallPdf;
const png = smallPng;

describe('online requests API', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
  });
  afterAll(async () => t?.close());

  // Each submission from its own address, so the per-address limit is tested on purpose only.
  const submit = async (kind: 'carriers' | 'payments', fields: Record<string, Part>, from = `10.9.0.${++address}`) => {
    const body = multipart(fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/public/online/${kind}/`,
      remoteAddress: from,
      headers: body.headers,
      payload: body.payload,
    });
  };
  const carrierFields = async (overrides: Record<string, Part> = {}): Promise<Record<string, Part>> => ({
    name: 'Yeni Daşıyıcı MMC',
    voen: '7700000011',
    address: 'Gəncə, Atatürk 5',
    phone: '+994501112233',
    email: 'dasiyici@example.az',
    info: '',
    region: String(k.ganja),
    consent: 'true',
    gtoken: await solveCaptcha(t.app),
    registration_certificate: { file: pdf, name: 'şəhadətnamə.pdf' },
    ...overrides,
  });
  const paymentFields = async (overrides: Record<string, Part> = {}): Promise<Record<string, Part>> => ({
    owner_code: '7700000021',
    owner_name: 'Sərnişin Daşıma MMC',
    owner_address: 'Gəncə',
    owner_phone: '+994501112244',
    owner_email: 'sahib@example.az',
    owner_region: String(k.ganja),
    vehicles: JSON.stringify([
      { plate: '10-ON-001', transport_type: k.transportType, seats_count: 18, months: 3, driver_fin: '' },
      { plate: '10-ON-002', transport_type: k.transportType, seats_count: 30, months: 3 },
    ]),
    consent: 'true',
    gtoken: await solveCaptcha(t.app),
    registration_certificate: { file: png, name: 'sened.png', type: 'image/png' },
    ...overrides,
  });
  const get = (url: string, who?: SignedIn) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
  const post = (url: string, who: SignedIn, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload });
  const outbox = () => {
    const dir = path.join(t.config.dataDir, 'outbox');
    return readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
  };

  it('takes a registration with a solved ALTCHA and a PDF: 201 with a tracking code, mailed; the status shows it new', async () => {
    const res = await submit('carriers', await carrierFields());
    expect(res.statusCode).toBe(201);
    const { code } = res.json() as { code: string };
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await t.app.mailer.drain();
    expect(outbox().some((mail) => mail.includes(code) && mail.includes('dasiyici@example.az'))).toBe(true);
    const status = await get(`/api/public/online/status/?code=${code.toLowerCase()}&voen=7700000011`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ kind: 'carrier', status: 1, status_label: 'Yeni', payment: null });
    // The code with another VÖEN says nothing of the request.
    const wrong = await get(`/api/public/online/status/?code=${code}&voen=7700000012`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ detail: onlineMessages.statusNotFound });
  });

  it('refuses a request without a gtoken, and one whose gtoken was spent already', async () => {
    const fields = await carrierFields();
    const { gtoken, ...without } = fields;
    const missing = await submit('carriers', without);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['gtoken']);
    expect((await submit('carriers', { ...fields, gtoken })).statusCode).toBe(201);
    const replayed = await submit('carriers', { ...fields, gtoken });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ gtoken: [authApiMessages.captchaUsed] });
  });

  it('checks documents by their content whatever their name, refuses one over 5 MB, and needs the certificate and the consent', async () => {
    const fake = await submit(
      'carriers',
      await carrierFields({ registration_certificate: { file: Buffer.from('<html>not a pdf</html>'), name: 'x.pdf' } }),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ registration_certificate: [onlineMessages.fileTypeInvalid] });
    const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await submit(
      'carriers',
      await carrierFields({ registration_certificate: { file: big, name: 'a.pdf' } }),
    );
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ registration_certificate: [onlineMessages.fileTooLarge] });
    // A missing part is a missing field, as everywhere; an empty one is not a document.
    const { registration_certificate: _c, ...noFile } = await carrierFields();
    expect((await submit('carriers', noFile)).json()).toEqual({
      registration_certificate: ['This field is required.'],
    });
    expect((await submit('carriers', await carrierFields({ registration_certificate: '' }))).json()).toEqual({
      registration_certificate: [onlineMessages.fileRequired],
    });
    const noConsent = await submit('carriers', await carrierFields({ consent: 'false' }));
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json()).toMatchObject({ consent: [onlineMessages.consentRequired] });
    const stranger = await submit('carriers', await carrierFields({ other: { file: pdf, name: 'b.pdf' } }));
    expect(stranger.statusCode).toBe(400);
    const stored = (await t.database.db.execute(
      sql`select count(*)::int as n from online_files where size > 5242880`,
    )) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0]!.n).toBe(0);
  });

  it('limits submissions per address like sign-in', async () => {
    const from = '10.9.9.9';
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) answers.push((await submit('carriers', await carrierFields(), from)).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it("staff see their region's registrations only (404 elsewhere, documents too); approve creates the carrier, reject needs a reason; decided is 409", async () => {
    const res = await submit('carriers', await carrierFields({ voen: '7700000031', name: 'Təsdiq MMC' }));
    const { code } = res.json() as { code: string };
    const list = await get(`/api/online-carriers/?search=${code}`, k.as.cashier);
    expect(list.statusCode).toBe(200);
    const item = (list.json() as { results: { id: number; code: string }[] }).results[0]!;
    expect(item.code).toBe(code);
    const bakuHead = await k.userOf('regional_head', k.baku);
    expect((await get(`/api/online-carriers/${item.id}/`, bakuHead)).statusCode).toBe(404);
    expect((await get(`/api/online-carriers/?search=${code}`, bakuHead)).json()).toMatchObject({ count: 0 });
    const detail = (await get(`/api/online-carriers/${item.id}/`, k.as.cashier)).json() as {
      files: { id: number; content_type: string; name: string }[];
      existing: unknown;
    };
    expect(detail.existing).toBeNull();
    expect(detail.files).toHaveLength(1);
    const file = await get(`/api/online-files/${detail.files[0]!.id}/`, k.as.cashier);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".*"; filename\*=UTF-8''%C5%9F/);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await get(`/api/online-files/${detail.files[0]!.id}/`, bakuHead)).statusCode).toBe(404);

    const approved = await post(`/api/online-carriers/${item.id}/approve/`, k.as.cashier);
    expect(approved.statusCode).toBe(200);
    const carrier = (approved.json() as { carrier: number; status: number }).carrier;
    expect(approved.json()).toMatchObject({ status: 2 });
    const created = (await t.database.db.execute(
      sql`select name, voen from carriers where id = ${carrier}`,
    )) as unknown as { rows: { name: string; voen: string }[] };
    expect(created.rows[0]).toEqual({ name: 'Təsdiq MMC', voen: '7700000031' });
    expect((await post(`/api/online-carriers/${item.id}/approve/`, k.as.cashier)).statusCode).toBe(409);

    // A second registration of that VÖEN shows what approving would change, and rejecting needs a reason.
    const again = await submit('carriers', await carrierFields({ voen: '7700000031', name: 'Təsdiq MMC 2' }));
    const second = (
      await get(`/api/online-carriers/?search=${(again.json() as { code: string }).code}`, k.as.cashier)
    ).json() as {
      results: { id: number }[];
    };
    const id2 = second.results[0]!.id;
    const shown = (await get(`/api/online-carriers/${id2}/`, k.as.cashier)).json() as {
      existing: { id: number; changes: { field: string; before: string; after: string }[] };
    };
    expect(shown.existing.id).toBe(carrier);
    expect(shown.existing.changes).toContainEqual({
      field: 'name',
      label: 'Daşıyıcının adı',
      before: 'Təsdiq MMC',
      after: 'Təsdiq MMC 2',
    });
    expect((await post(`/api/online-carriers/${id2}/reject/`, k.as.cashier, { reason: '' })).json()).toEqual({
      reason: [onlineMessages.reasonRequired],
    });
    const rejected = await post(`/api/online-carriers/${id2}/reject/`, k.as.cashier, { reason: 'Sənəd oxunmur' });
    expect(rejected.json()).toMatchObject({ status: 3, reason: 'Sənəd oxunmur' });
    await t.app.mailer.drain();
    expect(outbox().some((mail) => mail.includes('S=C9=99n=C9=99d oxunmur') || mail.includes('Sənəd oxunmur'))).toBe(
      true,
    );
  });

  it('accepting a request for marks makes one payment under review with its rows priced on free forms, whatever the races; the status page shows the amount', async () => {
    const batch = await k.createBatch({ series: k.freshSeries(), start_number: '000001', finish_number: '000010' });
    expect((await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator)).statusCode).toBe(200);
    const res = await submit('payments', await paymentFields());
    expect(res.statusCode).toBe(201);
    const { code } = res.json() as { code: string };
    const list = (await get(`/api/online-payments/?search=${code}`, k.as.cashier)).json() as {
      results: { id: number }[];
    };
    const id = list.results[0]!.id;
    const openedRes = await get(`/api/online-payments/${id}/`, k.as.cashier);
    const opened = openedRes.json() as {
      vehicles: { plate: string; serviceErrors: string[] }[];
    };
    expect(opened.vehicles.map((v) => v.plate)).toEqual(['10-ON-001', '10-ON-002']);
    // Plates the registry does not know: said on the vehicle, never blocking.
    expect(opened.vehicles[0]!.serviceErrors.length).toBeGreaterThan(0);
    const bakuHead = await k.userOf('regional_head', k.baku);
    expect((await get(`/api/online-payments/${id}/`, bakuHead)).statusCode).toBe(404);
    expect((await post(`/api/online-payments/${id}/accept/`, bakuHead)).statusCode).toBe(404);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(`/api/online-payments/${id}/accept/`, k.as.cashier)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const accepted = answers.find((a) => a.statusCode === 200)!.json() as { payment: number; status: number };
    expect(accepted.status).toBe(2);
    const made = (await t.database.db.execute(
      sql`select count(*)::int as n from payments p join online_payment_requests o on o.payment_id = p.id where o.id = ${id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(made.rows[0]!.n).toBe(1);
    const payment = (await get(`/api/payments/${accepted.payment}/`, k.as.cashier)).json() as {
      online_request: number | null;
      status: number;
      total: string;
      rows: { plate: string; seats_count: number; tax_price: string; form_series: string }[];
    };
    expect(payment.status).toBe(1);
    // Linked both ways: the request names its payment, the payment its request.
    expect(payment.online_request).toBe(id);
    expect(payment.rows.map((r) => [r.plate, r.seats_count])).toEqual([
      ['10-ON-001', 18],
      ['10-ON-002', 30],
    ]);
    // Two different free forms of the region, now held by the payment.
    const held = (await t.database.db.execute(
      sql`select count(distinct f.id)::int as n from payment_rows r join fn_forms f on f.id = r.form_id
          where r.payment_id = ${accepted.payment} and f.stage = 'used' and f.payment_id = ${accepted.payment}`,
    )) as unknown as { rows: { n: number }[] };
    expect(held.rows[0]!.n).toBe(2);
    expect(Number(payment.total)).toBeGreaterThan(0);
    const status = (await get(`/api/public/online/status/?code=${code}&voen=7700000021`)).json() as {
      status: number;
      payment: { total: string; rows: unknown[] };
    };
    expect(status.status).toBe(2);
    expect(status.payment.total).toBe(payment.total);
    expect(status.payment.rows).toHaveLength(2);
    const summary = await get(`/api/online-payments/${id}/summary/`, k.as.cashier);
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['content-type']).toBe('application/pdf');
    expect(summary.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a vehicle with no free form of its kind is a 409 that names it, and leaves the request new', async () => {
    const res = await submit(
      'payments',
      await paymentFields({
        owner_code: '7700000041',
        vehicles: JSON.stringify([{ plate: '10-ON-009', transport_type: k.transportType, seats_count: 8, months: 12 }]),
      }),
    );
    const { code } = res.json() as { code: string };
    const id = (
      (await get(`/api/online-payments/?search=${code}`, k.as.cashier)).json() as { results: { id: number }[] }
    ).results[0]!.id;
    const refused = await post(`/api/online-payments/${id}/accept/`, k.as.cashier);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: onlineMessages.noFreeForms('10-ON-009') });
    expect((await get(`/api/online-payments/${id}/`, k.as.cashier)).json()).toMatchObject({ status: 1, payment: null });
    const rejected = await post(`/api/online-payments/${id}/reject/`, k.as.cashier, { reason: 'Blank yoxdur' });
    expect(rejected.json()).toMatchObject({ status: 3, reason: 'Blank yoxdur' });
  });

  it('refuses bad vehicles under the field: not JSON, empty, a plate twice', async () => {
    for (const [vehicles, message] of [
      ['not json', onlineMessages.vehiclesInvalid],
      ['[]', onlineMessages.vehiclesRequired],
    ] as const) {
      const res = await submit('payments', await paymentFields({ vehicles }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ vehicles: [message] });
    }
    const twice = JSON.stringify([
      { plate: '10-ON-003', transport_type: k.transportType, months: 1 },
      { plate: '10on003', transport_type: k.transportType, months: 1 },
    ]);
    expect((await submit('payments', await paymentFields({ vehicles: twice }))).json()).toEqual({
      vehicles: [onlineMessages.plateTwice],
    });
  });

  it("exports both lists as CSV: their rows in their order; a regional user's file holds their region only", async () => {
    expect((await submit('carriers', await carrierFields({ region: String(k.baku) }))).statusCode).toBe(201);
    expect((await submit('payments', await paymentFields({ owner_region: String(k.baku) }))).statusCode).toBe(201);
    const query = 'order_by=created_at&order=desc';
    async function exported<Row extends { region: number }>(path: string, columns: ExportColumns<Row>) {
      // The administrator sees every region with requests (the demo's year has them in five more), the cashier Gəncə.
      const table = path.includes('carriers') ? 'online_carrier_requests' : 'online_payment_requests';
      const everyRegion = (
        (await t.database.db.execute(sql.raw(`select distinct region_id as region from ${table}`))) as unknown as {
          rows: { region: number }[];
        }
      ).rows.map((r) => r.region);
      expect(everyRegion).toEqual(expect.arrayContaining([k.baku, k.ganja]));
      for (const [who, regions] of [
        [k.as.admin, everyRegion],
        [k.as.cashier, [k.ganja]],
      ] as const) {
        const list = (await get(`${path}?no_page=1&${query}`, who)).json() as Page<Row>;
        expect(new Set(list.results.map((r) => r.region)), path).toEqual(new Set(regions));
        const res = await get(`${path}export/?format=csv&${query}`, who);
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['x-export-rows']).toBe(String(list.count));
        expect(res.body).toBe(expectedCsv(columns, list.results));
      }
    }
    await exported('/api/online-carriers/', onlineCarrierExportColumns);
    await exported('/api/online-payments/', onlinePaymentExportColumns);
  });

  it('exports a formula planted through the public form neutralised, in CSV and in Excel (issue 40)', async () => {
    const voen = '7700000051';
    const planted = ['=1+1', '+1+1', '@SUM(1)', "-2+3+cmd|' /C calc'!A0"];
    for (const name of planted)
      expect((await submit('carriers', await carrierFields({ voen, name }))).statusCode).toBe(201);
    // Leading spaces are trimmed by the form (the rest is planted as "=x"); tab and carriage return are refused.
    expect((await submit('carriers', await carrierFields({ voen, name: '  =x' }))).statusCode).toBe(201);
    for (const name of ['\t=1+1', '\r=1+1']) {
      expect((await submit('carriers', await carrierFields({ voen, name }))).statusCode, JSON.stringify(name)).toBe(
        400,
      );
    }
    const names = [...planted, '=x'];
    const query = `voen=${voen}&order_by=id&order=asc&columns=code,name,phone`;
    const csv = await get(`/api/online-carriers/export/?format=csv&${query}`, k.as.cashier);
    expect(csv.statusCode).toBe(200);
    const csvRows = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(','));
    expect(csvRows.map((row) => row[1])).toEqual(names.map((name) => `'${name}`));
    expect(csvRows.every((row) => row[2] === "'+994501112233")).toBe(true);

    const xlsx = await get(`/api/online-carriers/export/?format=xlsx&${query}`, k.as.cashier);
    expect(xlsx.statusCode).toBe(200);
    const xlsxRows = xlsxEditedCells(xlsx.rawPayload).slice(1);
    expect(xlsxRows.map((row) => row[1])).toEqual(names.map((name) => `'${name}`));
    expect(xlsxRows.every((row) => row[2] === "'+994501112233")).toBe(true);
  });

  it('limits wrong look-ups per address (tracking, receipt check, opt-out share it); right ones do not count (issue 40)', async () => {
    const limit = t.config.PUBLIC_LOOKUP_RATE_LIMIT;
    const res = await submit('carriers', await carrierFields({ voen: '7700000061' }));
    const { code } = res.json() as { code: string };
    const look = (query: string, from: string) =>
      t.app.inject({ method: 'GET', url: `/api/public/online/status/?${query}`, remoteAddress: from });
    // A carrier who knows the code may look as often as it likes.
    for (let i = 0; i < limit + 2; i += 1) {
      expect((await look(`code=${code}&voen=7700000061`, '10.40.1.1')).statusCode).toBe(200);
    }
    const guesser = '10.40.1.2';
    for (let i = 0; i < limit; i += 1) {
      const wrong = await look(`code=ZZZZ-ZZZZ-${String(i).padStart(4, '0')}&voen=7700000061`, guesser);
      expect(wrong.statusCode).toBe(404);
    }
    const throttled = await look('code=ZZZZ-ZZZZ-ZZZZ&voen=7700000061', guesser);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json()).toEqual({ detail: expect.stringMatching(/^Request was throttled/) });
    // The right code from that address waits too, and so do the receipt check and the opt-out link.
    expect((await look(`code=${code}&voen=7700000061`, guesser)).statusCode).toBe(429);
    for (const [method, url] of [
      ['GET', '/api/public/payments/c0ffee/'],
      ['POST', '/api/public/reminders/00000000-0000-4000-8000-000000000000/opt-out/'],
    ] as const) {
      const other = await t.app.inject({ method, url, remoteAddress: guesser });
      expect(other.statusCode, url).toBe(429);
      expect(other.headers['retry-after'], url).toBeDefined();
    }
    // Another address is still answered.
    expect((await look('code=ZZZZ-ZZZZ-ZZZZ&voen=7700000061', '10.40.1.3')).statusCode).toBe(404);
    expect((await look(`code=${code}&voen=7700000061`, '10.40.1.3')).statusCode).toBe(200);
  });
});
