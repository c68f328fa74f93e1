import { fnMessages, type FnBatch } from '@dnx/shared';
import type { Browser, Page } from '@playwright/test';
import { apiAs } from './support/access';
import { expect, signIn, test } from './support/fixtures';

/** A series no other run of the shared e2e database has used: three random capital letters. */
function uniqueSeries(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

async function signedIn(browser: Browser, baseURL: string | undefined, email: string, width = 1400): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale: 'az-AZ' });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/**
 * B issues a batch of a fresh series to the demo operator, through the API, modelled on a demo batch of the
 * operator's region (its region, transport type and coefficient).
 */
async function issueBatch(central: Page, size: number): Promise<FnBatch> {
  const api = await apiAs(central);
  const demo = await api.get<{ results: FnBatch[] }>('/api/fn/batches/?per_page=10');
  const model = demo.results[0]!;
  for (let attempt = 0; ; attempt += 1) {
    const series = uniqueSeries();
    const taken = await api.get<{ count: number }>(`/api/fn/batches/?series=${series}`);
    if (taken.count > 0 && attempt < 20) continue;
    return api.post<FnBatch>('/api/fn/batches/', {
      series,
      start_number: '000001',
      finish_number: String(size).padStart(6, '0'),
      operator: model.operator,
      region: model.region,
      transport_type: model.transport_type,
      coefficient: model.coefficient,
      expire_date: 1,
      expire_date_type: 'year',
    });
  }
}

test.describe('check-fn', () => {
  test('an inspector finds a form by series and number on a phone; a number never issued says so', async ({
    browser,
    baseURL,
  }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const batch = await issueBatch(central, 5);

    const inspector = await signedIn(browser, baseURL, 'inspector@demo.az', 390);
    await inspector.goto('/app/check-fn');
    const form = inspector.getByTestId('fn-check-form');
    await form.getByLabel('Seriya').fill(batch.series.toLowerCase());
    await form.getByLabel('Nömrə').fill('000003');
    await form.getByRole('button', { name: 'Yoxla' }).click();

    await expect(inspector).toHaveURL(new RegExp(`series=${batch.series}&number=000003`));
    const card = inspector.getByTestId('fn-check-card');
    await expect(card).toContainText(`${batch.series} 000003`);
    await expect(card).toContainText('Yeni');
    await expect(card).toContainText(batch.region_name);
    await expect(card).toContainText(batch.operator_name);
    // The card fits the phone: nothing wider than the screen.
    const overflow = await inspector.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The address holds the check: reloading shows the same card.
    await inspector.reload();
    await expect(inspector.getByTestId('fn-check-card')).toContainText(`${batch.series} 000003`);

    // A number of the series never issued: a plain Azerbaijani message, no card.
    await form.getByLabel('Nömrə').fill('000009');
    await form.getByRole('button', { name: 'Yoxla' }).click();
    await expect(inspector.getByTestId('fn-check-missing')).toContainText(
      fnMessages.unknownNumber(batch.series, '000009'),
    );
    await expect(inspector.getByTestId('fn-check-card')).toHaveCount(0);

    // A malformed number is caught under its field before any request.
    await form.getByLabel('Nömrə').fill('12');
    await form.getByRole('button', { name: 'Yoxla' }).click();
    await expect(form.locator('.ant-form-item-explain')).toContainText(fnMessages.numberInvalid);
  });
});
