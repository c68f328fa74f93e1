import { readFileSync } from 'node:fs';
import {
  formatMoney,
  type FnBatch,
  type ForPaymentForm,
  type Operator,
  type Payment,
  type PaymentListItem,
} from '@dnx/shared';
import type { Browser, Page } from '@playwright/test';
import { apiAs, chooseSelectOption } from './support/access';
import { closeTourWithEscape, expect, screenshot, signIn, test } from './support/fixtures';

function uniqueSeries(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

async function signedIn(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 }, locale: 'az-AZ' });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/**
 * Signed in to work the screens: a user's first entry starts the guided tour, closed at once; left to the
 * handler, closing it can wait behind an open select's list.
 */
async function signedInAtScreens(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const page = await signedIn(browser, baseURL, email);
  await closeTourWithEscape(page);
  return page;
}

/** B issues a fresh batch of two forms to the demo operator (modelled on a demo batch of Gəncə); they accept it. */
async function freeForms(central: Page, operatorPage: Page): Promise<FnBatch> {
  const api = await apiAs(central);
  const demo = await api.get<{ results: FnBatch[] }>('/api/fn/batches/?per_page=100');
  let model: (FnBatch & { op: Operator }) | null = null;
  for (const batch of demo.results) {
    const operators = await api.get<{ data: Operator[] }>(`/api/user/users/operators/?region=${batch.region}`);
    const op = operators.data.find((o) => o.email === 'operator@demo.az');
    if (op) model = { ...batch, op };
    if (model) break;
  }
  if (!model) throw new Error('no demo batch of the demo operator');
  let series = uniqueSeries();
  while ((await api.get<{ count: number }>(`/api/fn/batches/?series=${series}`)).count > 0) series = uniqueSeries();
  const batch = await api.post<FnBatch>('/api/fn/batches/', {
    series,
    start_number: '000001',
    finish_number: '000002',
    operator: model.op.id,
    region: model.region,
    transport_type: model.transport_type,
    coefficient: model.coefficient,
    expire_date: 1,
    expire_date_type: 'year',
  });
  await (await apiAs(operatorPage)).post(`/api/fn/batches/${batch.id}/accept/`, {});
  return batch;
}

/** Adds the row of a free form, picked by series and number from the picker's own list. */
async function addForm(page: Page, series: string, number: string) {
  const picker = page.getByTestId('payment-form-picker');
  await picker.getByLabel('Seriya').fill(series);
  await picker.getByLabel('Nömrə').fill(number);
  await chooseSelectOption(page, page.getByTestId('payment-free-form'), `${series} ${number}`);
  await page.getByTestId('payment-add-row').click();
}

/** A payment under review of the batch's two forms (10-AB-123 own use, 20-GA-456 leased), made through the API. */
async function paymentOfBatch(page: Page, batch: FnBatch, ownerName: string) {
  const api = await apiAs(page);
  const free = await api.get<{ results: ForPaymentForm[] }>(`/api/fn/forms/for-payment/?series=${batch.series}`);
  const rows = free.results.map((f, i) => ({
    form: f.id,
    plate: i === 0 ? '10-AB-123' : '20-GA-456',
    seats_count: i === 0 ? 18 : 27,
    transport_type: f.transport_type,
    coefficient: f.coefficient_value,
    expire_date: f.months,
  }));
  const header = {
    owner_code: '1400123451',
    owner_name: ownerName,
    mdssh_number: 'M-1',
    mdssh_date: '2026-01-10',
    mdssh_amount: '10.00',
    itsda_number: 'I-1',
    itsda_date: '2026-01-10',
    itsda_amount: '12.50',
  };
  const payment = await api.post<Payment>('/api/payments/', { ...header, rows });
  expect(payment.rows).toHaveLength(2);
  return { payment, header, rows };
}

/** The payment the screen saved, found by its owner's (unique) name, as the API reads it. */
async function savedPayment(page: Page, ownerName: string): Promise<Payment> {
  const api = await apiAs(page);
  const found = await api.get<{ results: PaymentListItem[] }>(`/api/payments/?search=${encodeURIComponent(ownerName)}`);
  expect(found.results, ownerName).toHaveLength(1);
  return api.get<Payment>(`/api/payments/${found.results[0]!.id}/`);
}

test.describe('fn-payment', () => {
  test('a cashier: two vehicles (own use, with a trailer): total, submit, pay, receipt PDF, the public check valid signed out', async ({
    browser,
    baseURL,
  }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const operator = await signedIn(browser, baseURL, 'operator@demo.az');
    const batch = await freeForms(central, operator);
    // The cashier of the same region (Gəncə) builds the payment.
    const page = await signedInAtScreens(browser, baseURL, 'cashier@demo.az');
    const ownerCode = '1400123451'; // the registry's owner of 10-AB-123: that row is own use
    const ownerName = `Sınaq Daşıyıcı ${Date.now().toString(36)}`;

    await page.goto('/app/fn-payment');
    await page.getByTestId('create-payment').click();
    const form = page.getByTestId('payment-form');
    await form.getByLabel('VÖEN').fill(ownerCode);
    await expect(page.getByTestId('payment-owner-category')).toContainText('Hüquqi şəxs');
    await form.getByLabel('Ödəyicinin adı').fill(ownerName);
    for (const which of ['MDSSH', 'İTSDA']) {
      await form.getByLabel(`${which} nömrəsi`).fill(`${which}-${Date.now()}`);
      await form.getByLabel(`${which} tarixi`).fill('01.01.2026');
      await form.getByLabel(`${which} tarixi`).blur();
      await form.getByLabel(`${which} məbləği`).fill('10,00');
    }

    await addForm(page, batch.series, '000001');
    await expect(page.getByTestId('payment-row-0')).toBeVisible();
    await addForm(page, batch.series, '000002');
    const own = page.getByTestId('payment-row-0');
    const leased = page.getByTestId('payment-row-1');
    await expect(leased).toBeVisible();

    await own.locator('#row-0-plate').fill('10-AB-123');
    await page.getByTestId('row-0-lookup-plate').click();
    await expect(own.locator('#row-0-brand_model')).toHaveValue(/Sprinter/);
    await expect(page.getByTestId('row-0-right')).toContainText('Mülkiyyət hüququ');

    await leased.locator('#row-1-plate').fill('20-GA-456');
    await page.getByTestId('row-1-lookup-plate').click();
    await expect(leased.locator('#row-1-brand_model')).toHaveValue(/Isuzu/);
    await expect(page.getByTestId('row-1-right')).toContainText('İcarə');
    await leased.locator('#row-1-trailer_plate').fill('10-QQ-001');
    await leased.locator('#row-1-trailer_load_carrying_capacity').fill('5');
    await expect(leased.locator('#row-1-count_vehicle_load')).not.toBeChecked();

    // A registry miss shows on its row and blocks nothing.
    await own.locator('#row-0-driver_fin').fill('0ZZZ00Z');
    await page.getByTestId('row-0-lookup-driver').click();
    await expect(page.getByTestId('row-0-service-errors')).toContainText('tapılmadı');
    await own.locator('#row-0-driver_fin').fill('');

    await expect(page.getByTestId('row-0-price')).toContainText('₼');
    await expect(page.getByTestId('row-1-price')).toContainText('₼');
    const total = (await page.getByTestId('payment-total').innerText()).replace(/^Cəmi:\s*/, '');
    expect(total).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} ₼$/);

    await screenshot(page, 'payment-form-two-rows');
    await page.getByTestId('payment-save').click();
    await expect(page.getByTestId('fn-payment-page')).toBeVisible();
    const api = await apiAs(page);
    const list = await api.get<{ results: PaymentListItem[] }>(
      `/api/payments/?owner_code=${ownerCode}&order_by=id&order=desc`,
    );
    const payment = list.results.find((p) => p.owner_name === ownerName)!;
    expect(payment.rows_count).toBe(2);
    // The screen showed the server's price.
    expect(formatMoney(payment.total)).toBe(total);

    const row = page.locator('tr', { hasText: ownerName });
    await expect(row).toContainText(total);
    await page.getByTestId(`payment-submit-${payment.id}`).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Təqdim et' }).click();
    await expect(row).toContainText('Ödəniş gözlənilir');

    await page.getByTestId(`payment-pay-${payment.id}`).click();
    const pay = page.getByTestId('payment-pay-form');
    await pay.getByLabel('Bank qəbzinin nömrəsi').fill(`Q-${Date.now()}`);
    // The server's "today" is the UTC day (the browser runs at Baku time, four hours ahead).
    const [y, m, d] = new Date().toISOString().slice(0, 10).split('-');
    await pay.getByLabel('Bank qəbzinin tarixi').fill(`${d}.${m}.${y}`);
    await pay.getByLabel('Bank qəbzinin tarixi').blur();
    await pay.getByRole('button', { name: 'Ödənişi qeyd et' }).click();
    await expect(row).toContainText('Ödənilib');

    await screenshot(page, 'payments-list-paid');
    const download = page.waitForEvent('download');
    await page.getByTestId(`payment-receipt-${payment.id}`).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const href = await page.getByTestId(`payment-verify-${payment.id}`).getAttribute('href');
    expect(href).toMatch(/^\/verify\/[A-Za-z0-9_-]+$/);
    const stranger = await (await browser.newContext({ baseURL, locale: 'az-AZ' })).newPage();
    await stranger.goto(href!);
    await expect(stranger.getByTestId('verify-verdict')).toHaveText('Ödəniş etibarlıdır');
    await expect(stranger.getByTestId('verify-page')).toContainText('10-AB-123');
    await expect(stranger.getByTestId('verify-page')).toContainText(`${batch.series} 000002`);
    await expect(stranger.getByTestId('verify-total')).toHaveText(total);
    await expect(stranger.getByTestId('verify-page')).not.toContainText(ownerName);
    await screenshot(stranger, 'verify-valid');
    await stranger.goto('/verify/not-a-code');
    await expect(stranger.getByTestId('verify-not-found')).toBeVisible();
  });

  test('editing under review: removing a row recomputes the total and zeroes the insurance amounts; a row error shows under its field; a stale save says so and its reload shows the stored payment in place', async ({
    browser,
    baseURL,
  }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const operator = await signedIn(browser, baseURL, 'operator@demo.az');
    const batch = await freeForms(central, operator);
    const page = await signedInAtScreens(browser, baseURL, 'cashier@demo.az');
    const { payment, header, rows } = await paymentOfBatch(page, batch, `Redaktə Sınağı ${Date.now().toString(36)}`);

    await page.goto(`/app/fn-payment?form=${payment.id}`);
    await expect(page.getByTestId('payment-row-1')).toBeVisible();
    await expect(page.getByTestId('payment-total')).toContainText(formatMoney(payment.total));
    await page.getByTestId('row-1-remove').click();
    await expect(page.getByTestId('payment-row-1')).toHaveCount(0);
    await expect(page.getByTestId('payment-total')).toContainText(formatMoney(payment.rows[0]!.tax_price));
    await expect(page.getByLabel('MDSSH məbləği')).toHaveValue('0,00');
    await expect(page.getByLabel('İTSDA məbləği')).toHaveValue('0,00');

    // The server's row error lands under that row's field.
    await page.locator('#row-0-plate').fill('XX');
    await page.getByTestId('payment-save').click();
    await expect(page.getByTestId('payment-row-0').locator('.ant-form-item-explain-error')).toContainText('10-AA-123');

    // Someone else edits it meanwhile: the save is refused as stale.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const other = await page.request.put(`/api/payments/${payment.id}/`, {
      headers: { authorization: `Bearer ${token}` },
      data: { ...header, owner_phone: '+994501112233', rows, version: payment.version },
    });
    expect(other.status(), await other.text()).toBe(200);
    await page.locator('#row-0-plate').fill('10-AB-123');
    await page.getByTestId('payment-save').click();
    await expect(page.getByTestId('stale-version-alert')).toBeVisible();

    // The reload shows the other person's payment in the same page: their phone, both rows, its total.
    // A mark on the page that a full page reload would wipe.
    await page.evaluate(() => (document.body.dataset.beforeReload = 'kept'));
    await page.getByTestId('stale-version-reload').click();
    await expect(page.getByTestId('stale-version-alert')).toBeHidden();
    await expect(page.getByLabel('Telefon', { exact: true })).toHaveValue('+994501112233');
    await expect(page.getByTestId('payment-row-1')).toBeVisible();
    await expect(page.locator('#row-1-plate')).toHaveValue('20-GA-456');
    await expect(page.getByLabel('MDSSH məbləği')).toHaveValue('10,00');
    await expect(page.getByTestId('payment-total')).toContainText(formatMoney(payment.total));
    await expect(page.locator('body')).toHaveAttribute('data-before-reload', 'kept');

    // Saved again on the fresh version, it goes through.
    await page.getByLabel('Ödəyicinin adı').fill(`${header.owner_name} (2)`);
    await page.getByTestId('payment-save').click();
    await expect(page.getByTestId('fn-payment-page')).toBeVisible();
    const saved = await savedPayment(page, `${header.owner_name} (2)`);
    expect(saved.owner_phone).toBe('+994501112233');
    expect(saved.rows).toHaveLength(2);
  });
});
