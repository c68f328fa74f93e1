import type { Page } from '@playwright/test';
import { apiAs, apiOf } from './support/access';
import { audit, report } from './support/axe';
import { animationsSettled, expect, openInApp, signedIn, test, toast } from './support/fixtures';
import { payForm } from './support/inspect';
import { freeAvtobusForms } from './support/online';

interface Paid {
  id: number;
  receipt: string;
  total: string;
  code: string;
  name: string;
}

const today = () => new Date().toISOString().slice(0, 10);
const qepik = (amount: string) => BigInt(amount.replace('.', ''));
const decimal = (q: bigint) => `${q / 100n}.${(q % 100n).toString().padStart(2, '0')}`;

/** The documented CSV of today's credits, each `[amount, reference, payer_voen, payer_name]`. */
function statementCsv(credits: [string, string, string, string][]): string {
  const account = 'AZ21NABZ00000000137010001944';
  const number = `E2E-${Date.now()}`;
  const sum = credits.reduce((total, [amount]) => total + qepik(amount), 0n);
  const row = (...cells: string[]) => [account, number, 'AZN', ...cells].join(',');
  return [
    'account,number,currency,type,date,amount,reference,payer_voen,payer_name,bank_reference',
    row('opening', today(), '0.00', '', '', '', ''),
    ...credits.map(([amount, reference, voen, name], i) =>
      row('credit', today(), amount, reference, voen, name, `FT${number}-${i}`),
    ),
    row('closing', today(), decimal(sum), '', '', '', ''),
  ].join('\n');
}

/** The screen's count of a match state ("Tutuşdu: 2"). */
const counted = (page: Page, state: string, n: number) =>
  expect(page.getByTestId('bank-entry-counts')).toContainText(`${state}: ${n}`);

/** The entries filtered to one match state, as a person picks it. */
async function showState(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible').getByText(label, { exact: true }).click();
}

test('free-text credits: most linked with their evidence, the rest confirmed from the suggestions by keyboard, undone with a reason, in bulk, at 1280 px (issue 57)', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, baseURL, 'admin@demo.az');
  let lastBatch: Awaited<ReturnType<typeof freeAvtobusForms>> | undefined;
  await page.setViewportSize({ width: 1280, height: 900 });
  const central = await apiOf(browser, request, baseURL, 'central@demo.az');
  const operator = await apiOf(browser, request, baseURL, 'operator@demo.az');
  const api = await apiAs(page);
  const paid: Paid[] = [];
  // Five paid payments of today, two forms a batch.
  for (let i = 0; i < 5; i += 1) {
    const batch = i % 2 === 0 ? await freeAvtobusForms(central, operator) : undefined;
    const { payment } = await payForm(page, batch ?? lastBatch!, i % 2 === 0 ? '000001' : '000002', `10-RC-00${i}`);
    lastBatch = batch ?? lastBatch;
    const read = await api.get<{
      total: string;
      payment_receipt_number: string;
      owner_code: string;
      owner_name: string;
    }>(`/api/payments/${payment}/`);
    paid.push({
      id: payment,
      receipt: read.payment_receipt_number,
      total: read.total,
      code: read.owner_code,
      name: read.owner_name,
    });
  }
  const [p1, p2, p3, p4, p5] = paid as [Paid, Paid, Paid, Paid, Paid];
  const typo = (receipt: string) => receipt.replace(/(\d)$/, (d) => String((Number(d) + 5) % 10));
  const csv = statementCsv([
    [p1.total, `odenis ${p1.receipt} VOEN ${p1.code}`, '', ''],
    [p2.total, p2.receipt.toLowerCase().replaceAll('-', ' '), '', ''],
    [p3.total, 'yol vergisi', '', p3.name.toUpperCase()],
    [p4.total, typo(p4.receipt), '', ''],
    [p5.total, typo(p5.receipt), '', ''],
  ]);
  const reconciled = async () =>
    (await api.get<{ totals: { credited: string } }>(`/api/bank-statements/reconciliation/?date_from=${today()}`))
      .totals.credited;
  const bankBefore = await reconciled();

  await openInApp(page, '/app/bank-statements', 'Bank çıxarışları');
  await page
    .getByTestId('bank-statement-file')
    .setInputFiles({ name: 'free-text.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('bank-statement-upload').click();
  await expect(page.getByTestId('bank-statement-message')).toContainText('Çıxarış idxal olundu');
  // Two credits name their receipt in free text: linked at once; the three others wait for a person.
  await counted(page, 'Tutuşdu', 2);
  await counted(page, 'Ödəniş yoxdur', 3);

  // At 1280 px every table fits: nothing scrolls sideways, the last column's buttons are on screen.
  for (const table of [page.getByTestId('bank-statements'), page.getByTestId('bank-entries')]) {
    const body = table.locator('.ant-table-content, .ant-table-body').first();
    expect(await body.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
  }
  const openButton = page.getByTestId('bank-statements').getByRole('button', { name: /Aç/ }).first();
  const box = (await openButton.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);

  // The rest by keyboard: the first open credit's best suggestion is its payer by name; Enter confirms it and the
  // panel goes on to the next open credit, whose receipt is one character off.
  await showState(page, 'bank-entries-state', 'Ödəniş yoxdur');
  const entries = page.getByTestId('bank-entries').locator('tbody tr.ant-table-row');
  await expect(entries).toHaveCount(3);
  await entries.first().getByTestId('bank-entry-open').click();
  const panel = page.getByTestId('bank-panel');
  await expect(panel.getByTestId('bank-credit')).toContainText(p3.name.toUpperCase());
  const first = panel.getByTestId('bank-suggestion').first();
  await expect(first).toContainText(p3.receipt);
  await expect(first).toContainText('Ödəyicinin adı, məbləğ tutur');
  await expect(panel.getByTestId('bank-suggestions')).toBeFocused();
  expect(report(await audit(page, 'reconciliation panel', '.ant-drawer'))).toBe('');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Təsdiqləndi.')).toBeVisible();
  await expect(panel.getByTestId('bank-credit')).toContainText(typo(p4.receipt));
  await expect(panel.getByTestId('bank-suggestion').first()).toContainText('Qəbz bir simvolla fərqlənir');
  await expect(panel.getByTestId('bank-suggestion').first()).toContainText(p4.receipt);
  await expect(panel.getByTestId('bank-suggestions')).toBeFocused();
  // R rejects the one chosen (the second, an amount alone): it is gone, and Home, Enter confirm the first.
  // The same amount makes the other open payment a suggestion too (an amount alone).
  await expect(panel.getByTestId('bank-suggestion').nth(1)).toContainText('Yalnız məbləğ tutur');
  await page.keyboard.press('ArrowDown');
  const second = (await panel.getByTestId('bank-suggestion').nth(1).textContent()) ?? '';
  await page.keyboard.press('r');
  await expect(toast(page, 'Təklif rədd edildi')).toBeVisible();
  await expect(panel.getByTestId('bank-suggestion').filter({ hasText: second })).toHaveCount(0);
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('bank-credit')).toContainText(typo(p5.receipt));
  await counted(page, 'Tutuşdu', 4);
  await counted(page, 'Ödəniş yoxdur', 1);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The last in bulk: every best suggestion scored 70 or more, with one reason.
  await page.getByTestId('bank-bulk-confirm').click();
  const bulk = page.getByTestId('bank-bulk-form');
  await animationsSettled(page, 2_000, '.ant-modal-root');
  await bulk.getByLabel('Ən az bal').fill('70');
  await bulk.getByLabel('Səbəb').fill('Qəbzlər bir simvolla fərqlənir (e2e)');
  await bulk.getByRole('button', { name: 'Təsdiqlə' }).click();
  await expect(toast(page, '1 mədaxil təsdiqləndi, 0 mədaxil buraxıldı.')).toBeVisible();
  await counted(page, 'Tutuşdu', 5);
  await counted(page, 'Ödəniş yoxdur', 0);
  // The bank's side of the money reconciles: the five credits are the five payments.
  const five = paid.reduce((sum, p) => sum + qepik(p.total), 0n);
  await expect.poll(reconciled).toBe(decimal(qepik(bankBefore) + five));

  // Linked automatically by its receipt: its evidence is on screen, and a person undoes it with a reason.
  await showState(page, 'bank-entries-state', 'Hamısı');
  await showState(page, 'bank-entries-rule', 'qəbz');
  await expect(entries).toHaveCount(2);
  await expect(entries.first().getByTestId('bank-entry-rule')).toHaveText('qəbz');
  await entries.first().getByTestId('bank-entry-open').click();
  await expect(panel.getByTestId('bank-links')).toContainText(`reference: «odenis ${p1.receipt} VOEN ${p1.code}»`);
  await expect(panel.getByTestId('bank-links')).toContainText('avtomatik');
  await panel.getByTestId('bank-undo').click();
  const reason = page.getByTestId('bank-reason-form');
  await animationsSettled(page, 2_000, '.ant-modal-root');
  await reason.getByLabel('Səbəb').fill('Başqa ödəyicinin pulu (e2e)');
  await reason.getByRole('button', { name: 'Geri al' }).click();
  await expect(reason).toBeHidden();
  await expect(panel.getByTestId('bank-credit')).toContainText('Ödəniş yoxdur');
  await counted(page, 'Tutuşdu', 4);

  // Undone meanwhile by someone else: the refusal shows the server's own reason.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(entries).toHaveCount(1);
  await entries.first().getByTestId('bank-entry-open').click();
  await expect(panel.getByTestId('bank-credit')).toContainText(p2.receipt.toLowerCase().replaceAll('-', ' '));
  const statement = (await api.get<{ results: { id: number }[] }>('/api/bank-statements/')).results[0]!.id;
  const [linked] = (
    await api.get<{ results: { id: number }[] }>(`/api/bank-statements/${statement}/entries/?rule=receipt`)
  ).results;
  await api.post(`/api/bank-statements/entries/${linked!.id}/resolve/`, { action: 'undo', reason: 'başqası (e2e)' });
  await panel.getByTestId('bank-undo').click();
  await animationsSettled(page, 2_000, '.ant-modal-root');
  await reason.getByLabel('Səbəb').fill('Yenə (e2e)');
  await reason.getByRole('button', { name: 'Geri al' }).click();
  await expect(panel.getByTestId('bank-panel-error')).toHaveText(
    'Bu əməliyyatın geri alınacaq əlaqəsi və ya həlli yoxdur.',
  );
  await page.context().close();
});
