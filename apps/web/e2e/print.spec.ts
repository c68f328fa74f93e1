import type { FnBatch, ForPaymentForm, Operator, Payment } from '@dnx/shared';
import type { Locator, Page } from '@playwright/test';
import { apiAs } from './support/access';
import { audit, report } from './support/axe';
import { expect, signedIn, test, useSession } from './support/fixtures';
import { uniqueSeries } from './support/online';

/** A4 landscape (297 mm, print.css) less its 12 mm margins, in CSS pixels: the width a printed page lays out in. */
const paperWidth = Math.floor(((297 - 24) / 25.4) * 96);

/** Today in Baku as the print header writes it (dd.mm.yyyy). */
const bakuToday = () =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Baku', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date())
    .replaceAll('/', '.');

/** B issues a batch of `count` forms of a fresh series to the demo operator, modelled on a demo batch of theirs. */
async function issueBatch(central: Page, count: number): Promise<FnBatch> {
  const api = await apiAs(central);
  const demo = await api.get<{ results: FnBatch[] }>('/api/fn/batches/?per_page=100');
  for (const model of demo.results) {
    const operators = await api.get<{ data: Operator[] }>(`/api/user/users/operators/?region=${model.region}`);
    const operator = operators.data.find((o) => o.email === 'operator@demo.az');
    if (!operator) continue;
    let series = uniqueSeries();
    while ((await api.get<{ count: number }>(`/api/fn/batches/?series=${series}`)).count > 0) series = uniqueSeries();
    return api.post<FnBatch>('/api/fn/batches/', {
      series,
      start_number: '000001',
      finish_number: String(count).padStart(6, '0'),
      operator: operator.id,
      region: model.region,
      transport_type: model.transport_type,
      coefficient: model.coefficient,
      expire_date: 1,
      expire_date_type: 'year',
    });
  }
  throw new Error('no demo batch of the demo operator');
}

/** Stubs the browser's print dialog: whether "Çap et" asked for it. */
async function expectPrintButtonPrints(page: Page) {
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByTestId('print-button').click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
}

/**
 * The screen as printed: no navigation, no buttons, filters or paging; the print header on top with the screen's
 * title, the moment in Baku and the user; every row of every table whole, at a page's width; nothing serious for axe.
 */
async function expectPrintView(
  page: Page,
  expected: { title: string; email: string; tables: { table: Locator; rows: number }[]; where: string },
) {
  // On screen: the screen's own header with "Çap et"; the print header is not there.
  await expect(page.getByTestId('print-header')).toBeHidden();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('print-button')).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await expect(page.locator('.ant-layout-header')).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeHidden();
  await expect(page.locator('.ant-layout-footer')).toBeHidden();
  const controls = page.locator(
    'button, .ant-btn, .ant-pagination, .ant-select, .ant-picker, input:not([type="hidden"]), [data-tour="list-tools"]',
  );
  await expect(controls.filter({ visible: true })).toHaveCount(0);

  const header = page.getByTestId('print-header');
  await expect(header).toBeVisible();
  await expect(page.getByTestId('print-title')).toHaveText(expected.title);
  await expect(page.getByTestId('print-time')).toHaveText(
    new RegExp(`^Çap tarixi: ${bakuToday().replaceAll('.', '\\.')} \\d{2}:\\d{2} \\(Bakı vaxtı\\)$`),
  );
  await expect(page.getByTestId('print-user')).toContainText(expected.email);
  // The header is the first thing on the page, above every table.
  const top = (await header.boundingBox())!;
  expect(top.y).toBeLessThan(40);

  // At a printed page's width every row shows whole: each row's last cell inside the page, no scrolling box.
  await page.setViewportSize({ width: paperWidth, height: 1000 });
  for (const { table, rows } of expected.tables) {
    const shown = table.locator('tr.ant-table-row');
    await expect(shown).toHaveCount(rows);
    expect((await table.boundingBox())!.y).toBeGreaterThan(top.y);
    const fit = await table.evaluate((root, width) => {
      const boxes = [
        ...root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body, .ant-table-container'),
      ];
      // A box that scrolls, has a fixed height or holds more than it shows would cut rows or columns off on paper.
      const clipping = boxes.flatMap((box) => {
        const style = getComputedStyle(box);
        const why = `${box.className}: overflow ${style.overflowX}/${style.overflowY}, max-height ${style.maxHeight}, width ${box.scrollWidth}/${box.clientWidth}`;
        const clips =
          style.overflowX !== 'visible' ||
          style.overflowY !== 'visible' ||
          style.maxHeight !== 'none' ||
          box.scrollWidth > box.clientWidth + 1;
        return clips ? [why] : [];
      });
      const lastCells = [...root.querySelectorAll('tr.ant-table-row')].map((row) => {
        const cells = [...row.querySelectorAll<HTMLElement>('td')].filter((td) => td.offsetParent !== null);
        const last = cells.at(-1)!.getBoundingClientRect();
        return { right: last.right, height: last.height, text: cells.at(-1)!.innerText };
      });
      const thead = root.querySelector('thead');
      return {
        clipping,
        outside: lastCells.filter((c) => c.right > width + 1 || c.height === 0).length,
        rows: lastCells.length,
        thead: thead ? getComputedStyle(thead).display : null,
      };
    }, paperWidth);
    expect(fit).toEqual({ clipping: [], outside: 0, rows, thead: 'table-header-group' });
    // The last row's last printed cell (a screen-only column is left off).
    await expect(shown.last().locator('td').filter({ visible: true }).last()).toBeVisible();
  }

  const findings = await audit(page, expected.where);
  expect(findings, report(findings)).toEqual([]);
}

/** The number of pages of a PDF Chromium made (its page objects are written uncompressed). */
const pagesOf = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

test('a payment prints with its rows: the print header, no navigation or buttons, every row; as a PDF on one page', async ({
  browser,
  baseURL,
}) => {
  const central = await signedIn(browser, baseURL, 'central@demo.az');
  const operator = await signedIn(browser, baseURL, 'operator@demo.az');
  const batch = await issueBatch(central, 3);
  await (await apiAs(operator)).post(`/api/fn/batches/${batch.id}/accept/`, {});

  const page = await signedIn(browser, baseURL, 'cashier@demo.az');
  const api = await apiAs(page);
  const free = await api.get<{ results: ForPaymentForm[] }>(`/api/fn/forms/for-payment/?series=${batch.series}`);
  expect(free.results).toHaveLength(3);
  const ownerName = `Çap Sınağı ${Date.now().toString(36)}`;
  const payment = await api.post<Payment>('/api/payments/', {
    owner_code: '1400123451',
    owner_name: ownerName,
    rows: free.results.map((f, i) => ({
      form: f.id,
      plate: `10-AB-12${i}`,
      seats_count: 18,
      brand_model: 'Mercedes-Benz Sprinter 516 CDI uzun bazalı sərnişin mikroavtobusu',
      driver_full_name: 'Məmmədov Əli Həsən oğlu',
      transport_type: f.transport_type,
      coefficient: f.coefficient_value,
      expire_date: f.months,
    })),
  });

  // From the list: "Bax" opens the payment as stored.
  await page.goto(`/app/fn-payment?search=${encodeURIComponent(ownerName)}`);
  await page.getByTestId(`payment-view-${payment.id}`).click();
  await expect(page).toHaveURL(new RegExp(`view=${payment.id}`));
  const table = page.getByTestId('payment-rows-table');
  await expect(table.locator('tr.ant-table-row')).toHaveCount(3);
  await expect(page.getByTestId('payment-view-header')).toContainText(ownerName);
  await expectPrintButtonPrints(page);

  await expectPrintView(page, {
    title: `Ödəniş № ${payment.id}`,
    email: 'cashier@demo.az',
    tables: [{ table, rows: 3 }],
    where: 'payment (print)',
  });
  await expect(page.getByTestId('payment-rows-total')).toBeVisible();

  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The frame does not push a short payment onto a second page.
  expect(pagesOf(pdf)).toBe(1);
});

test("a batch's forms print whole: from the batch list to its forms, every form on paper; a longer batch takes more pages", async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL, 'central@demo.az');
  const batch = await issueBatch(page, 60);

  await page.goto(`/app/new-fn?series=${batch.series}`);
  await page.getByTestId(`fn-batch-forms-${batch.id}`).click();
  await expect(page).toHaveURL(new RegExp(`general-fn\\?batch=${batch.id}.*per_page=all`));
  await expect(page.getByTestId('list-total')).toHaveText('Cəmi: 60');
  const table = page.getByTestId('resource-table');
  await expect(table.locator('tr.ant-table-row')).toHaveCount(60);
  await expect(table.locator('tr.ant-table-row').first()).toContainText(batch.series);
  await expectPrintButtonPrints(page);

  await expectPrintView(page, {
    title: `Buraxılış № ${batch.id}: blanklar`,
    email: 'central@demo.az',
    tables: [{ table, rows: 60 }],
    where: 'batch forms (print)',
  });
  // The row actions are screen-only: their column is not printed; the number of the last form is.
  await expect(table.locator('th', { hasText: 'Əməliyyatlar' })).toBeHidden();
  await expect(table.locator('tr.ant-table-row').last()).toContainText('000060');

  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pagesOf(pdf)).toBeGreaterThanOrEqual(2);
});

test('a report prints: its table whole with the totals, the filters and exports left off', async ({ page }) => {
  await useSession(page, 'central@demo.az', '/app/report-form?group_by=region');
  const table = page.getByTestId('report-table');
  // The demo's region has forms and payments this month.
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('main .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  const rows = await table.locator('tr.ant-table-row').count();
  expect(rows).toBeGreaterThan(0);
  await expectPrintButtonPrints(page);

  await expectPrintView(page, {
    title: 'Hesabatlar',
    email: 'central@demo.az',
    tables: [{ table, rows }],
    where: 'report (print)',
  });
  await expect(table.getByTestId('report-totals')).toBeVisible();
  await expect(page.getByTestId('report-subscriptions')).toBeHidden();
});

test('the general report prints its four tables whole, one row per month of the year so far', async ({ page }) => {
  await useSession(page, 'central@demo.az', '/app/general-report');
  const months = page.getByTestId('general-report-months');
  await expect(months.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('main .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  const ids = [
    'general-report-cells',
    'general-report-regions',
    'general-report-transport-types',
    'general-report-months',
  ];
  const tables = await Promise.all(
    ids.map(async (id) => {
      const table = page.getByTestId(id);
      return { table, rows: await table.locator('tr.ant-table-row').count() };
    }),
  );
  // The report counts days as the application does (UTC).
  expect(tables.at(-1)!.rows).toBe(Number(new Date().toISOString().slice(5, 7)));
  await expectPrintButtonPrints(page);

  await expectPrintView(page, {
    title: 'Ümumi hesabat',
    email: 'central@demo.az',
    tables,
    where: 'general report (print)',
  });
});
