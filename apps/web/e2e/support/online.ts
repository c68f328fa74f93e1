import type { AvailableItem, FnBatch, ForPaymentForm, Operator } from '@dnx/shared';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs, chooseSelectOption, formItem, pickSelectOption, type Api } from './access';

/** A phone: the carriers' public pages must work at 360 px. */
export const phone = { width: 360, height: 740 };

/** A minimal PDF (its content says PDF, whatever its name). */
export const pdfFile = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
});

/** A 1×1 PNG. */
export const pngFile = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
});

let voens = 0;
/** A VÖEN no other test of the run has used: 10 digits. */
export function uniqueVoen(): string {
  voens += 1;
  return `9${String((Date.now() * 10 + voens) % 1_000_000_000).padStart(9, '0')}`;
}

/** The name of a region as the public page lists it. */
export async function regionName(page: Page, id: number): Promise<string> {
  const res = await page.request.get('/api/public/online/regions/');
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { id: number; name: string }[] };
  const found = data.find((r) => r.id === id);
  if (!found) throw new Error(`region ${id} is not offered publicly`);
  return found.name;
}

/** The signed-in user's region. */
export async function regionOf(page: Page): Promise<number> {
  const me = await (await apiAs(page)).post<{ user: { region: number | null } }>('/api/user/current-user/', {});
  if (me.user.region === null) throw new Error('a regional user has a region');
  return me.user.region;
}

/** Ticks the ALTCHA box of one form, as a person does, and waits until its submit button is enabled. */
export async function passFormCaptcha(form: Locator) {
  const submit = form.getByTestId('online-request-submit');
  await expect(submit).toBeDisabled();
  await form.getByTestId('captcha').getByText('Mən robot deyiləm').click();
  await expect(submit).toBeEnabled({ timeout: 30_000 });
}

export interface CarrierData {
  name: string;
  voen: string;
  phone: string;
  email: string;
  region: string;
}

/** Fills the carrier's registration on /online (a document and the consent included), without sending it. */
export async function fillCarrier(page: Page, carrier: CarrierData): Promise<Locator> {
  const form = page.getByTestId('online-carrier-form');
  await form.getByLabel('Daşıyıcının adı').fill(carrier.name);
  await form.getByLabel('VÖEN').fill(carrier.voen);
  await form.getByLabel('Ünvan').fill('Gəncə, Atatürk pr. 1');
  await form.getByLabel('Telefon').fill(carrier.phone);
  await form.getByLabel('E-poçt').fill(carrier.email);
  await pickSelectOption(page, formItem(page, 'Region').locator('.ant-select').first(), carrier.region);
  await form.getByLabel('Qeydiyyat şəhadətnaməsi').setInputFiles(pdfFile('sehadetname.pdf'));
  await form.getByTestId('online-consent').check();
  return form;
}

/** The tracking code the page shows once a request is in. */
export async function trackingCode(page: Page): Promise<string> {
  const code = page.getByTestId('online-tracking-code');
  // The answer comes after the request's documents are uploaded and stored: longer than a click's 10 s under the
  // load of a whole CI run (the cause of a retried run of online.spec.ts).
  await expect(code).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/, { timeout: 30_000 });
  return (await code.innerText()).trim().slice(0, 14);
}

/** Registers a carrier through /online as a signed-out person; the tracking code it got. */
export async function registerCarrier(page: Page, carrier: CarrierData): Promise<string> {
  await page.goto('/online');
  const form = await fillCarrier(page, carrier);
  await passFormCaptcha(form);
  await form.getByTestId('online-request-submit').click();
  return trackingCode(page);
}

export interface MarksData {
  ownerCode: string;
  ownerName: string;
  region: string;
  vehicles: { plate: string; seats: string }[];
}

/** The field of a form item found by the text it shows (its label), within `scope`. */
const selectIn = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item', { hasText: label }).locator('.ant-select');

/** Fills a request for marks on /online?tab=payment (Avtobus, 12 months each, the certificate), without sending it. */
export async function fillMarks(page: Page, marks: MarksData): Promise<Locator> {
  const form = page.getByTestId('online-payment-form');
  await form.getByLabel('VÖEN').fill(marks.ownerCode);
  await form.getByLabel('Sahibin adı').fill(marks.ownerName);
  await form.getByLabel('Telefon').fill('+994 50 123 45 67');
  await form.getByLabel('E-poçt').fill('onlayn.sinaq@demo.az');
  await pickSelectOption(page, selectIn(form, 'Region'), marks.region);
  for (const [i, vehicle] of marks.vehicles.entries()) {
    if (i > 0) await form.getByTestId('online-add-vehicle').click();
    const card = form.getByTestId(`online-vehicle-${i}`);
    await card.getByLabel('Qeydiyyat nişanı').fill(vehicle.plate);
    await pickSelectOption(page, selectIn(card, 'Nəqliyyat növü'), 'Avtobus');
    await card.getByLabel('Oturacaq sayı').fill(vehicle.seats);
    await chooseSelectOption(page, selectIn(card, 'Müddət'), '12 ay');
  }
  await form.getByLabel('Qeydiyyat şəhadətnaməsi').setInputFiles(pdfFile('sehadetname.pdf'));
  await form.getByTestId('online-consent').check();
  return form;
}

/** A series of three random letters (a batch of its own). */
export function uniqueSeries(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

/** A series no batch has yet: three random letters, drawn again while a batch has them. */
export async function freshSeries(api: Api): Promise<string> {
  let series = uniqueSeries();
  while ((await api.get<{ count: number }>(`/api/fn/batches/?series=${series}`)).count > 0) series = uniqueSeries();
  return series;
}

/** The id of an active transport type by its name (the pickers' list). */
export async function transportTypeId(api: Api, name: string): Promise<number> {
  const types = await api.get<AvailableItem[]>('/api/transport-types/available/');
  const found = types.find((type) => type.name === name);
  if (!found) throw new Error(`no active transport type ${name}`);
  return found.id;
}

/** A demo batch of the demo operator's region (Gəncə, the demo cashier's too), with the demo operator. */
export async function demoOperatorBatch(api: Api): Promise<FnBatch & { op: Operator }> {
  const demo = await api.get<{ results: FnBatch[] }>('/api/fn/batches/?per_page=100');
  for (const batch of demo.results) {
    const operators = await api.get<{ data: Operator[] }>(`/api/user/users/operators/?region=${batch.region}`);
    const op = operators.data.find((o) => o.email === 'operator@demo.az');
    if (op) return { ...batch, op };
  }
  throw new Error('no demo batch of the demo operator');
}

/**
 * B issues a fresh batch of two forms for 12 months to the demo operator, modelled on a demo batch of the operator's
 * region; the operator accepts it, so the forms are free and active. `transportType` names the batch's type where
 * the test needs its fee group (Avtobus: priced by seats); else it is the model batch's.
 */
export async function freeForms(api: Api, operator: Api, transportType?: string): Promise<FnBatch> {
  const model = await demoOperatorBatch(api);
  const batch = await api.post<FnBatch>('/api/fn/batches/', {
    series: await freshSeries(api),
    start_number: '000001',
    finish_number: '000002',
    operator: model.op.id,
    region: model.region,
    transport_type: transportType ? await transportTypeId(api, transportType) : model.transport_type,
    coefficient: model.coefficient,
    expire_date: 1,
    expire_date_type: 'year',
  });
  await operator.post(`/api/fn/batches/${batch.id}/accept/`, {});
  return batch;
}

/** Two free Avtobus forms of the demo operator's region (`freeForms`). */
export const freeAvtobusForms = (api: Api, operator: Api) => freeForms(api, operator, 'Avtobus');

/** The payment's documents (the MDSSH and ITSDA receipts) every payment made through the API by a test carries. */
export const paymentDocuments = {
  mdssh_number: 'M-1',
  mdssh_date: '2026-01-10',
  mdssh_amount: '10.00',
  itsda_number: 'I-1',
  itsda_date: '2026-01-10',
  itsda_amount: '12.50',
};

/** A payment's row of a free form, as the for-payment list gives it: its type, coefficient and months. */
export const paymentRowOf = (form: ForPaymentForm, plate: string, seats: number) => ({
  form: form.id,
  plate,
  seats_count: seats,
  transport_type: form.transport_type,
  coefficient: form.coefficient_value,
  expire_date: form.months,
});
