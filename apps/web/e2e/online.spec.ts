import { readFileSync } from 'node:fs';
import {
  formatMoney,
  onlineMessages,
  resourceMessages,
  type OnlineCarrier,
  type OnlinePaymentRequest,
  type Payment,
} from '@dnx/shared';
import type { Browser, Page } from '@playwright/test';
import { apiAs, apiOf, errorUnder } from './support/access';
import { animationsSettled, clickInDialog, expect, screenshot, signedIn, test, toast } from './support/fixtures';
import {
  fillCarrier,
  fillMarks,
  freeAvtobusForms,
  passFormCaptcha,
  phone,
  pdfFile,
  pngFile,
  regionName,
  regionOf,
  registerCarrier,
  trackingCode,
  uniqueVoen,
  type CarrierData,
} from './support/online';

async function signedOut(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: phone, locale: 'az-AZ', isMobile: true });
  return context.newPage();
}

/** Nothing on a public page is wider than the phone: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(phone.width);
}

/** Opens a request of a staff list, found by a filter's text, on its review screen. */
async function openRequest(page: Page, screen: 'online-carrier' | 'online-payment', filter: string, text: string) {
  await page.goto(`/app/${screen}?${filter}=${encodeURIComponent(text)}`);
  const row = page.locator('main tr.ant-table-row').first();
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: /^Müraciətə bax/ }).click();
  await expect(page.getByTestId(`${screen}-review`)).toBeVisible();
}

test.describe('online requests', () => {
  test('a signed-out carrier asks for marks for two vehicles on a phone; the cashier accepts it into a payment under review with its rows priced; the status page shows the amount and prints it', async ({
    browser,
    baseURL,
    request: api,
  }) => {
    const central = await apiOf(browser, api, baseURL, 'central@demo.az');
    const operator = await apiOf(browser, api, baseURL, 'operator@demo.az');
    const batch = await freeAvtobusForms(central, operator);
    const carrier = await signedOut(browser, baseURL);
    const region = await regionName(carrier, batch.region);
    const ownerName = `Onlayn Sınaq ${Date.now().toString(36)}`;
    const ownerCode = '1400123451';

    await carrier.goto('/online');
    await carrier.getByRole('tab', { name: 'Nişan üçün müraciət' }).click();
    await expect(carrier).toHaveURL(/tab=payment/);
    const form = await fillMarks(carrier, {
      ownerCode,
      ownerName,
      region,
      vehicles: [
        { plate: '10-ab-123', seats: '18' },
        { plate: '20-GA-456', seats: '27' },
      ],
    });
    // Avtobus is priced by seats: the seats field shows, the load does not; the plate is written in capitals.
    await expect(form.getByTestId('online-vehicle-1').getByLabel('Oturacaq sayı')).toHaveValue('27');
    await expect(form.getByTestId('online-vehicle-1').getByLabel('Yük götürmə qabiliyyəti (t)')).toHaveCount(0);
    await expect(form.getByTestId('online-vehicle-0').getByLabel('Qeydiyyat nişanı')).toHaveValue('10-AB-123');

    // A document above 5 MB is refused on the phone, before anything is sent.
    const certificate = form.getByLabel('Qeydiyyat şəhadətnaməsi');
    await certificate.setInputFiles({ ...pdfFile('boyuk.pdf'), buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x20) });
    await expect(errorUnder(carrier, 'Qeydiyyat şəhadətnaməsi')).toHaveText(onlineMessages.fileTooLarge);
    await certificate.setInputFiles(pdfFile('sehadetname.pdf'));
    await expect(errorUnder(carrier, 'Qeydiyyat şəhadətnaməsi')).toHaveCount(0);
    await form.getByLabel('Etibarnamə').setInputFiles(pngFile('etibarname.png'));
    await expectNoSidewaysScroll(carrier);
    await passFormCaptcha(form);
    await screenshot(carrier, 'online-request-for-marks-phone');
    await form.getByTestId('online-request-submit').click();

    const code = await trackingCode(carrier);
    await expect(carrier.getByTestId('online-submitted')).toContainText(onlineMessages.submitted);
    await expectNoSidewaysScroll(carrier);
    await carrier.getByTestId('online-open-status').click();
    await expect(carrier).toHaveURL(new RegExp(`/online/status\\?code=${code}&voen=${ownerCode}`));
    await expect(carrier.getByTestId('online-status-card')).toContainText('Yeni');
    await expect(carrier.getByTestId('online-status-payment')).toHaveCount(0);

    // The cashier of the region reviews it: the vehicles with the registry's answers, the documents.
    const cashier = await signedIn(browser, baseURL, 'cashier@demo.az');
    await openRequest(cashier, 'online-payment', 'search', code);
    await expect(cashier.getByRole('heading', { name: `Nişan üçün müraciət ${code}` })).toBeVisible();
    const review = cashier.getByTestId('online-payment-review');
    await expect(review.getByTestId('online-payment-vehicles')).toContainText('10-AB-123');
    await expect(review.getByTestId('online-payment-vehicles')).toContainText('Sprinter');
    await expect(review.getByTestId('online-payment-vehicles')).toContainText('20-GA-456');
    await expect(review.getByTestId('online-files').getByRole('listitem')).toHaveCount(2);
    const documentDownload = cashier.waitForEvent('download');
    await review.getByRole('button', { name: 'Endir: sehadetname.pdf' }).click();
    const document = await documentDownload;
    expect(document.suggestedFilename()).toBe('sehadetname.pdf');
    expect(
      readFileSync((await document.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await screenshot(cashier, 'online-payment-review');

    const summaryDownload = cashier.waitForEvent('download');
    await review.getByTestId('online-summary').click();
    const summary = await summaryDownload;
    expect(
      readFileSync((await summary.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await review.getByTestId('online-accept').click();
    await clickInDialog(cashier, 'online-accept-confirm');
    await expect(review.getByTestId('online-status')).toHaveText('Ödənişə çevrilib');
    const request = await (
      await apiAs(cashier)
    ).get<OnlinePaymentRequest>(`/api/online-payments/${new URL(cashier.url()).searchParams.get('request')}/`);
    expect(request.payment).not.toBeNull();
    const payment = await (await apiAs(cashier)).get<Payment>(`/api/payments/${request.payment}/`);
    expect(payment.status).toBe(1);
    expect(payment.rows.map((r) => r.plate).sort()).toEqual(['10-AB-123', '20-GA-456']);
    for (const row of payment.rows) expect(Number(row.tax_price)).toBeGreaterThan(0);

    // Offered at once: the payment under review, its rows priced, on the payments screen. The offer opens as the
    // confirmation closes: a click while it still zooms in was lost (CI retried it).
    const openNow = cashier.getByTestId('online-open-payment-now');
    await expect(openNow).toBeVisible();
    await animationsSettled(cashier, 2_000);
    await openNow.click();
    await expect(cashier).toHaveURL(new RegExp(`/app/fn-payment\\?form=${payment.id}$`));
    await expect(cashier.getByTestId('payment-row-1')).toBeVisible();
    await expect(cashier.getByTestId('payment-total')).toContainText(formatMoney(payment.total));
    // Linked both ways: the payment leads back to its request.
    const backToRequest = cashier.getByTestId('payment-online-request').getByRole('link');
    await expect(backToRequest).toHaveAttribute('href', /\/app\/online-payment\?request=\d+$/);

    // The carrier's status page now shows what to pay, and prints only that.
    await carrier.reload();
    const details = carrier.getByTestId('online-status-payment');
    await expect(carrier.getByTestId('online-status-card')).toContainText('Ödənişə çevrilib');
    await expect(carrier.getByTestId('online-status-total')).toHaveText(formatMoney(payment.total));
    await expect(details).toContainText('10-AB-123');
    await expect(details).toContainText('20-GA-456');
    await expect(details).toContainText(ownerName);
    await expect(details).toContainText(region);
    await expectNoSidewaysScroll(carrier);
    await screenshot(carrier, 'online-status-amount-phone');
    await expect(carrier.getByTestId('online-print')).toBeVisible();
    await carrier.emulateMedia({ media: 'print' });
    await expect(carrier.getByTestId('online-status-form')).toBeHidden();
    await expect(carrier.getByTestId('online-print')).toBeHidden();
    await expect(carrier.getByTestId('online-status-total')).toBeVisible();
    await expect(details.getByText(/^Çap tarixi:/)).toBeVisible();
    await carrier.emulateMedia({ media: 'screen' });
  });

  test('the cashier approves a registration (a new carrier, then the differences of a second one with its VÖEN) and rejects another with a reason; a file that is no PDF is refused under its field', async ({
    browser,
    baseURL,
  }) => {
    const cashier = await signedIn(browser, baseURL, 'cashier@demo.az');
    const carrierPage = await signedOut(browser, baseURL);
    // The cashier's region (Gəncə in the demo data): its staff review the registrations addressed to it.
    const region = await regionName(carrierPage, await regionOf(cashier));
    const stamp = Date.now().toString(36);
    const approved: CarrierData = {
      name: `Onlayn Daşıyıcı ${stamp}`,
      voen: uniqueVoen(),
      phone: '+994501112233',
      email: `onlayn.${stamp}@demo.az`,
      region,
    };

    // A "PDF" that is text: the server looks at the content and answers under the field; the widget starts over.
    await carrierPage.goto('/online');
    const form = await fillCarrier(carrierPage, approved);
    await form.getByLabel('Qeydiyyat şəhadətnaməsi').setInputFiles({
      name: 'saxta.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('bu PDF deyil'),
    });
    await passFormCaptcha(form);
    await form.getByTestId('online-request-submit').click();
    await expect(errorUnder(carrierPage, 'Qeydiyyat şəhadətnaməsi')).toHaveText(onlineMessages.fileTypeInvalid);
    await expect(form.getByTestId('online-request-submit')).toBeDisabled();
    await form.getByLabel('Qeydiyyat şəhadətnaməsi').setInputFiles(pdfFile('sehadetname.pdf'));
    await passFormCaptcha(form);
    await form.getByTestId('online-request-submit').click();
    const approvedCode = await trackingCode(carrierPage);

    await openRequest(cashier, 'online-carrier', 'voen', approved.voen);
    const review = cashier.getByTestId('online-carrier-review');
    await expect(review.getByTestId('online-carrier-details')).toContainText(approved.name);
    await expect(review.getByTestId('online-carrier-existing')).toHaveCount(0);
    await review.getByTestId('online-approve').click();
    const confirm = cashier.locator('.ant-modal-confirm');
    await expect(confirm).toContainText(`Yeni daşıyıcı yaradılacaq: ${approved.name}`);
    await cashier.getByTestId('online-approve-confirm').click();
    await expect(review.getByTestId('online-status')).toHaveText('Təsdiqlənib');
    await expect(review.getByTestId('online-approve')).toHaveCount(0);

    // The same VÖEN again with another phone: the review shows what approving changes, and the dialog says it.
    const again = await registerCarrier(carrierPage, { ...approved, phone: '+994559998877' });
    await openRequest(cashier, 'online-carrier', 'search', again);
    const changes = review.getByTestId('online-carrier-changes');
    await expect(changes.locator('tr', { hasText: 'Telefon' })).toContainText('+994501112233');
    await expect(changes.locator('tr', { hasText: 'Telefon' })).toContainText('+994559998877');
    await screenshot(cashier, 'online-carrier-differences');
    await review.getByTestId('online-approve').click();
    await expect(cashier.getByTestId('online-approve-changes')).toContainText('+994559998877');
    await cashier.getByTestId('online-approve-confirm').click();
    await expect(review.getByTestId('online-status')).toHaveText('Təsdiqlənib');
    const carriers = await (
      await apiAs(cashier)
    ).get<{ results: OnlineCarrier[] }>(`/api/online-carriers/?voen=${approved.voen}`);
    expect(new Set(carriers.results.map((c) => c.carrier)).size).toBe(1);

    // Another registration is rejected: the reason is required, then told on the status page.
    const rejected = { ...approved, name: `Rədd Sınağı ${stamp}`, voen: uniqueVoen(), email: `redd.${stamp}@demo.az` };
    const rejectedCode = await registerCarrier(carrierPage, rejected);
    await openRequest(cashier, 'online-carrier', 'voen', rejected.voen);
    await review.getByTestId('online-reject').click();
    const dialog = cashier.getByTestId('online-reject-form');
    // A click while the dialog is still opening can be lost: click until the error shows.
    await expect(async () => {
      await dialog.getByRole('button', { name: 'Rədd et' }).click({ timeout: 2_000 });
      await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(onlineMessages.reasonRequired, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 15_000 });
    const reason = 'Qeydiyyat şəhadətnaməsi oxunmur.';
    await dialog.getByLabel('Səbəb').fill(reason);
    await dialog.getByRole('button', { name: 'Rədd et' }).click();
    await expect(dialog).toBeHidden();
    await expect(review.getByTestId('online-status')).toHaveText('Rədd edilib');
    await expect(review.getByTestId('online-carrier-details')).toContainText(reason);

    // The list says it too.
    await cashier.goto(`/app/online-carrier?voen=${approved.voen}`);
    await expect(cashier.locator('main tr.ant-table-row', { hasText: approvedCode })).toContainText('Təsdiqlənib');

    await carrierPage.goto(`/online/status?code=${rejectedCode}&voen=${rejected.voen}`);
    await expect(carrierPage.getByTestId('online-status-card')).toContainText('Rədd edilib');
    await expect(carrierPage.getByTestId('online-status-reason')).toHaveText(reason);
    await carrierPage.goto(`/online/status?code=${rejectedCode}&voen=${approved.voen}`);
    await expect(carrierPage.getByTestId('online-status-missing')).toContainText(onlineMessages.statusNotFound);
    // An address whose VÖEN cannot be one asks nothing: the field says why.
    await carrierPage.goto(`/online/status?code=${rejectedCode}&voen=123`);
    await expect(errorUnder(carrierPage, 'VÖEN')).toHaveText(resourceMessages.voenInvalid);
    await expect(carrierPage.getByTestId('online-status-missing')).toHaveCount(0);
  });

  test('a request decided meanwhile: the 409 says so and the review shows the decision', async ({
    browser,
    baseURL,
  }) => {
    const cashier = await signedIn(browser, baseURL, 'cashier@demo.az');
    const carrierPage = await signedOut(browser, baseURL);
    const region = await regionName(carrierPage, await regionOf(cashier));
    const stamp = Date.now().toString(36);
    const voen = uniqueVoen();
    await registerCarrier(carrierPage, {
      name: `Eyni Anda ${stamp}`,
      voen,
      phone: '+994501234567',
      email: `eyni.${stamp}@demo.az`,
      region,
    });
    await openRequest(cashier, 'online-carrier', 'voen', voen);
    const review = cashier.getByTestId('online-carrier-review');
    const id = new URL(cashier.url()).searchParams.get('request');
    // The cashier opens the approval; someone else rejects the request while it is open. (Rejected before the
    // click, a refetch of the screen could hide the button first: the test waited for it and CI retried it.)
    await review.getByTestId('online-approve').click();
    const confirm = cashier.getByTestId('online-approve-confirm');
    await expect(confirm).toBeVisible();
    await animationsSettled(cashier, 2_000);
    const token = await cashier.evaluate(() => localStorage.getItem('token'));
    const other = await cashier.request.post(`/api/online-carriers/${id}/reject/`, {
      headers: { authorization: `Bearer ${token}` },
      data: { reason: 'Başqa əməkdaş rədd etdi.' },
    });
    expect(other.status(), await other.text()).toBe(200);
    await confirm.click();
    await expect(toast(cashier, onlineMessages.alreadyDecided)).toBeVisible();
    // The sentence stays on the screen after the toast has gone.
    await expect(review.getByTestId('online-decision-problem')).toContainText(onlineMessages.alreadyDecided);
    await expect(review.getByTestId('online-status')).toHaveText('Rədd edilib');
    await expect(review.getByTestId('online-approve')).toHaveCount(0);
  });
});
