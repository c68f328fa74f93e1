import { readFileSync } from 'node:fs';
import { pickSelectOption } from './support/access';
import { expect, exported, test, useSession } from './support/fixtures';

test('the reconciliation exports what it shows: a header, a line per series and operator, the totals last', async ({
  page,
}) => {
  await useSession(page, 'admin@demo.az', '/app/fn-reconciliation');
  const table = page.getByTestId('fn-reconciliation-table');
  const rows = table.locator('.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  // The issued total as the table's summary row shows it (the fifth cell: series, operator and region span three).
  const issuedTotal = (await table.locator('.ant-table-summary td').nth(2).innerText()).trim();

  const csv = readFileSync((await (await exported(page, 'CSV faylı')).path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Seriya,Operator,Region,Buraxılış,Buraxılıb,Yeni,Aktiv,Müfəttişdə,İstifadə,Ödənilib,Müddəti bitib,Ləğv,Annulyasiya,Cəm uyğundur',
  );
  expect(lines).toHaveLength(shown + 2);
  const totals = lines.at(-1)!.split(',');
  expect(totals[0]).toBe('Cəmi');
  expect(totals[4]).toBe(issuedTotal);
  expect(totals.at(-1)).toBe('Bəli');

  const xlsx = await exported(page, 'Excel faylı');
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
});

test('the reconciliation filters by operator and transport type, kept in the address', async ({ page }) => {
  await useSession(page, 'admin@demo.az', '/app/fn-reconciliation');
  const rows = page.getByTestId('fn-reconciliation-table').locator('.ant-table-row');
  await expect(rows.first()).toBeVisible();

  await pickSelectOption(page, page.getByTestId('filter-operator'), 'operator@demo.az');
  await expect(page).toHaveURL(/operator=\d+/);
  // Every line is the demo operator's (the second cell), and there is at least one: the demo batches are theirs. The
  // lines of the answer before the filter may still show for a moment after the address changed.
  await expect
    .poll(async () => {
      const operators = await rows.locator('td:nth-child(2)').allInnerTexts();
      return operators.length > 0 && new Set(operators).size === 1;
    })
    .toBe(true);

  // The first transport type, by keyboard (the operator's list may still be closing).
  await page.getByTestId('filter-transport-type').click();
  await expect(page.getByTestId('filter-transport-type')).toHaveClass(/ant-select-open/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/transport_type=\d+/);
  await page.reload();
  await expect(page).toHaveURL(/operator=\d+.*transport_type=\d+|transport_type=\d+.*operator=\d+/);
  await expect(page.getByTestId('fn-reconciliation-summary')).toBeVisible();
});
