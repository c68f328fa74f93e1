import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { xlsxOf } from '../../../scripts/lib/xlsx-fixture.mjs';
import { openingColumns } from '@dnx/shared';
import { chooseSelectOption } from './support/access';
import { audit, report } from './support/axe';
import { expect, screenshot, test, useSession } from './support/fixtures';

const header = [
  'Soyad',
  'Ad',
  'Ata adı',
  'FİN kod',
  'Sürücülük vəsiqəsinin nömrəsi',
  'Vəsiqənin verilmə tarixi',
  'Vəsiqənin bitmə tarixi',
  'Sürücülük kateqoriyaları',
];

/** Five drivers of this run (unique FIN and licence); `broken` rows carry a FIN too short and a date that is none. */
function drivers(tag: string, broken: boolean): string[][] {
  return [0, 1, 2, 3, 4].map((i) => [
    'İdxalov',
    `Sürücü${i}`,
    'Ataoğlu',
    broken && i === 1 ? '12' : `${tag}${i}`.slice(0, 7).toUpperCase().padEnd(7, 'Z'),
    `IM${String(parseInt(tag, 36) % 100_000).padStart(5, '0')}${i}`,
    '15.01.2020',
    broken && i === 3 ? '31.02.2030' : '15.01.2030',
    'B',
  ]);
}

test('an administrator imports drivers from an Excel file with two errors, takes the error file, fixes it and imports again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36).slice(-5);
  await useSession(page, 'admin@demo.az', '/app/imports');
  await expect(page.getByTestId('imports-page')).toBeVisible();
  const upload = async (rows: string[][], name: string) => {
    await chooseSelectOption(page, page.getByTestId('import-resource'), 'Sürücülər');
    await page.getByTestId('import-file').setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsxOf([header, ...rows]),
    });
    await page.getByTestId('import-upload').click();
    await expect(page.getByTestId('import-status')).toHaveText('Yoxlanılıb', { timeout: 30_000 });
  };

  await upload(drivers(tag, true), 'suruculer.xlsx');
  const current = page.getByTestId('import-current');
  await expect(current.getByTestId('import-count-new')).toHaveText('Yeni: 3');
  await expect(current.getByTestId('import-count-error')).toHaveText('Səhvli: 2');
  await expect(page.getByTestId('import-apply')).toBeDisabled();
  const errors = page.getByTestId('import-rows-error');
  await expect(errors.locator('tr.ant-table-row')).toHaveCount(2);
  await expect(errors).toContainText('Tarix düzgün deyil.');
  await screenshot(page, 'imports-preview-errors');
  const findings = await audit(page, 'imports: a preview with errors');

  // The rows in error as a workbook: the file's own columns, its line and the message.
  const download = page.waitForEvent('download');
  await page.getByTestId('import-errors-file').click();
  const file = await download;
  const sheet = strFromU8(unzipSync(readFileSync((await file.path())!))['xl/worksheets/sheet1.xml']!);
  expect(sheet).toContain('Səhv');
  expect(sheet).toContain('Tarix düzgün deyil.');

  // Fixed and uploaded again: five new, nothing in error; applied, they are in the drivers list.
  await upload(drivers(tag, false), 'suruculer-duzelis.xlsx');
  await expect(current.getByTestId('import-count-new')).toHaveText('Yeni: 5');
  await expect(current.getByTestId('import-count-error')).toHaveText('Səhvli: 0');
  await page.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-applied')).toContainText('5 qeyd yazıldı', { timeout: 30_000 });
  await expect(page.getByTestId('imports-history')).toContainText('suruculer-duzelis.xlsx');
  findings.push(...(await audit(page, 'imports: applied, with the history')));
  await page.goto(`/app/drivers?search=${tag.toUpperCase()}`);
  await expect(page.getByTestId('list-total')).toHaveText('Cəmi: 5');
  expect(report(findings)).toBe('');
});

test('an administrator imports an opening batch and finds it in active-fn and in the reconciliation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A series of this run: three letters from the clock, so a retry makes another.
  const series = Array.from(Date.now().toString(26).slice(-3), (c) => String.fromCharCode(65 + parseInt(c, 26))).join(
    '',
  );
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('.');
  const batch = [series, '000001', '000006', day(40), 'operator@demo.az', 'Gəncə', 'Avtobus', '1,5', '1', 'Ay'];
  const none = ['', '', '', '', '', '', '', '', '', ''];
  const rows = [
    [...batch, '000001', '000004', 'Aktiv', ...none],
    [
      ...batch,
      '000005',
      '000005',
      'Ödənilib',
      '',
      '',
      `${series}-Q1`,
      day(3),
      '1234567891',
      'Köhnə Daşıyıcı',
      '',
      '',
      '10-AA-555',
      '97,20',
    ],
    [...batch, '000006', '000006', 'Ləğv edilib', '', 'Zədələnib', ...none.slice(2)],
  ];
  await useSession(page, 'admin@demo.az', '/app/imports');
  // The last option of the list, by keyboard (from the first, up wraps to the last).
  await page.getByTestId('import-resource').click();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('import-resource')).toContainText('İlkin qalıqlar: blanklar və ödənişlər');
  await expect(page.getByRole('alert').filter({ hasText: 'Eyni qəbzin sətirləri bir ödənişdir' })).toBeVisible();
  await page.getByTestId('import-file').setInputFiles({
    name: 'ilkin-qaliqlar.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsxOf([openingColumns.map((c) => c.label), ...rows]),
  });
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-status')).toHaveText('Yoxlanılıb', { timeout: 30_000 });
  const current = page.getByTestId('import-current');
  await expect(current.getByTestId('import-count-new')).toHaveText('Yeni: 3');
  await expect(current.getByTestId('import-count-error')).toHaveText('Səhvli: 0');
  const findings = await audit(page, 'imports: opening balances previewed');
  await page.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-applied')).toContainText('3 qeyd yazıldı', { timeout: 30_000 });

  // The four active forms in active-fn; the batch in the reconciliation, balanced.
  await page.goto(`/app/active-fn?series=${series}`);
  const active = page.locator('.ant-table-row', { hasText: series });
  await expect(active).toHaveCount(4);
  await expect(active.last()).toContainText('000004');
  await page.goto(`/app/fn-reconciliation?series=${series}`);
  const line = page.getByTestId('fn-reconciliation-table').locator('.ant-table-row', { hasText: series });
  await expect(line).toHaveCount(1);
  // Issued 6: active 4, paid 1, voided 1, balanced.
  await expect(line).toContainText('Bəli');
  await expect(page.getByTestId('fn-reconciliation-summary')).toBeVisible();
  expect(report(findings)).toBe('');
});
