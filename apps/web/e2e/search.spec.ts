import type { Page as ApiPage, PaymentListItem } from '@dnx/shared';
import { apiAs } from './support/access';
import { audit, report } from './support/axe';
import { closeTourWithEscape, expect, screenshot, test, useSession } from './support/fixtures';

test('a cashier finds a payment by its receipt number with Ctrl+K and the keyboard alone', async ({ page }) => {
  await useSession(page, 'cashier@demo.az');
  await closeTourWithEscape(page);
  const paid = await (await apiAs(page)).get<ApiPage<PaymentListItem>>('/api/payments/?status=3&per_page=1');
  const payment = paid.results[0]!;
  const receipt = payment.payment_receipt_number!;

  // Ctrl+K from the page: the palette opens with the focus in its box and the recent searches below.
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('search-palette');
  const input = palette.getByTestId('search-input');
  await expect(input).toBeFocused();
  const findings = await audit(page, 'search palette: empty');

  await page.keyboard.type(receipt);
  const option = palette.getByRole('option', { name: new RegExp(`№${payment.id} `) });
  await expect(option).toBeVisible();
  await expect(palette.getByRole('group', { name: 'Ödənişlər' })).toBeVisible();
  await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await screenshot(page, 'search-palette');
  findings.push(...(await audit(page, 'search palette: a payment found')));

  // Enter opens the payment's screen and closes the palette.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/fn-payment\\?view=${payment.id}$`));
  await expect(palette).toBeHidden();

  // Opened again, the search is among the recent ones; arrows and Enter run it again. The focus goes straight to the
  // box and stays there: a stop anywhere else on the way (it was the close button) takes an Enter typed at once.
  await page.evaluate(() => {
    const stops: string[] = ((window as unknown as { focusStops: string[] }).focusStops = []);
    document.addEventListener('focusin', (event) => {
      const target = event.target as HTMLElement;
      stops.push(target.dataset.testid ?? `${target.tagName} ${target.className}`);
    });
  });
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  const stops = await page.evaluate(() => (window as unknown as { focusStops: string[] }).focusStops);
  expect(stops.filter((stop) => stop !== 'search-input')).toEqual([]);
  await expect(palette.getByRole('group', { name: 'Son axtarışlar' }).getByRole('option').first()).toHaveText(receipt);
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue(receipt);
  await expect(palette.getByRole('option', { name: new RegExp(`№${payment.id} `) })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  expect(report(findings)).toBe('');
});

test('the search answers only what the user may see: no users or carriers for a cashier, a form by its number', async ({
  page,
}) => {
  await useSession(page, 'cashier@demo.az');
  await closeTourWithEscape(page);
  await page.getByTestId('search-open').click();
  const palette = page.getByTestId('search-palette');
  await palette.getByTestId('search-input').fill('memmedov');
  await expect(palette.getByText('Heç nə tapılmadı.')).toBeVisible();
  await palette.getByTestId('search-input').fill('GA000001');
  await expect(palette.getByRole('option', { name: /GA 000001/ })).toBeVisible();
});
