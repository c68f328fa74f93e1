import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiAs, apiOf } from './support/access';
import { animationsSettled, expect, openInApp, signedIn, test } from './support/fixtures';
import { payForm } from './support/inspect';
import { freeAvtobusForms } from './support/online';

interface DemoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The demo's statement file of a format, as the screen's "demo files" menu gives it. */
async function demoFile(page: Page, name: string): Promise<DemoFile> {
  const download = page.waitForEvent('download');
  await page.getByTestId('bank-demo-files').click();
  await expect(page.getByRole('menuitem', { name })).toBeVisible();
  await animationsSettled(page, 2_000, '.ant-dropdown');
  await page.getByRole('menuitem', { name }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(name);
  return { name, mimeType: 'application/octet-stream', buffer: readFileSync((await file.path())!) };
}

/** Uploads `file` as a person picks it and answers the message the screen shows. */
async function upload(page: Page, file: DemoFile): Promise<string> {
  await page.getByTestId('bank-statement-file').setInputFiles(file);
  await page.getByTestId('bank-statement-upload').click();
  const message = page.getByTestId('bank-statement-message');
  await expect(message).toBeVisible();
  await expect(page.getByTestId('bank-statement-upload')).not.toHaveClass(/ant-btn-loading/);
  return (await message.textContent()) ?? '';
}

/** How many the API counts at `path` (a list's `count`). */
const countAt = async (page: Page, path: string) => (await (await apiAs(page)).get<{ count: number }>(path)).count;

test('an administrator imports the demo statement in each format, sees each kind of difference and resolves one; the same file again changes nothing (issue 48)', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await signedIn(browser, baseURL, 'admin@demo.az');
  // A payment made today, after the seed kept its statements: the demo's files stay the statements kept (before,
  // one of them took it and was refused as the same statement with other money).
  const batch = await freeAvtobusForms(
    await apiOf(browser, request, baseURL, 'central@demo.az'),
    await apiOf(browser, request, baseURL, 'operator@demo.az'),
  );
  await payForm(page, batch, '000001', '10-BS-001');
  await openInApp(page, '/app/bank-statements', 'Bank çıxarışları');
  await expect(page.getByTestId('bank-statements-page')).toBeVisible();

  for (const name of ['demo-camt053.xml', 'demo-mt940.sta', 'demo-statement.csv']) {
    const file = await demoFile(page, name);
    // The demo's year already holds its statements: the file is new (the payments changed since) or known.
    expect(await upload(page, file)).toMatch(/Çıxarış idxal olundu|artıq idxal olunub/);
    await expect(page.getByTestId('bank-entries')).toBeVisible();
    const statements = await countAt(page, '/api/bank-statements/');
    const differences = await countAt(page, '/api/bank-statements/differences/');
    // The same file again: nothing changes, and the screen says so.
    expect(await upload(page, file)).toContain('Bu fayl artıq idxal olunub: heç nə dəyişmədi.');
    expect(await countAt(page, '/api/bank-statements/')).toBe(statements);
    expect(await countAt(page, '/api/bank-statements/differences/')).toBe(differences);
  }

  // Every kind of difference is on the screen, each under its own filter.
  await page.getByRole('tab', { name: 'Açıq fərqlər' }).click();
  const differences = page.getByTestId('bank-differences');
  const open = differences.locator('tbody tr.ant-table-row');
  const showKind = async (kind: string) => {
    await page.getByTestId('bank-differences-kind').click();
    await page.locator('.ant-select-dropdown:visible').getByText(kind, { exact: true }).click();
    await expect(open.first()).toContainText(kind);
    await expect(open.filter({ hasNotText: kind })).toHaveCount(0);
  };
  for (const kind of ['Məbləğ fərqlidir', 'Mübahisəli', 'Mədaxil yoxdur', 'Ödəniş yoxdur']) await showKind(kind);

  // One credit without a payment (the filter shows them now) is resolved as not ours, with its reason: it leaves
  // the open differences.
  const unpaid = '/api/bank-statements/differences/?kind=no_payment';
  const count = await countAt(page, unpaid);
  await open.first().getByRole('button', { name: 'Həll et' }).click();
  await page.getByTestId('bank-panel').getByTestId('bank-not-ours').click();
  const reason = page.getByTestId('bank-reason-form');
  await animationsSettled(page, 2_000, '.ant-modal-root');
  await reason.getByLabel('Səbəb').fill('Başqa qurumun ödənişi (e2e)');
  await reason.getByRole('button', { name: 'Bizim ödəniş deyil' }).click();
  await expect(reason).toBeHidden();
  await expect.poll(() => countAt(page, unpaid)).toBe(count - 1);
  await page.context().close();
});
