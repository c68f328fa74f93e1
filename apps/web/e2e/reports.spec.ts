import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { bakuDay, type FnBatch } from '@dnx/shared';
import { apiAs, chooseSelectOption, pickSelectOption } from './support/access';
import { expect, screenshot, signedIn, test, useSession } from './support/fixtures';
import { uniqueSeries } from './support/online';

/** Today and the first day of its month as the application counts days (UTC). */
const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 7)}-01`;
const shown = (day: string) => day.split('-').reverse().join('.');

/** The numbers a cell shows: digits without the dots between thousands (`1.234` is 1234). */
const countIn = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The summary row's figures in the table's order: ten cells after the name. */
async function totals(table: Locator): Promise<string[]> {
  return (await table.getByTestId('report-totals').locator('td').allInnerTexts()).slice(1).map((t) => t.trim());
}

/** Waits until a screen's lists and tables have drawn (no spinner left). */
async function settled(page: Page) {
  await expect(page.locator('main .ant-spin-spinning, main .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
}

async function typeDay(page: Page, testId: string, day: string) {
  const input = page.getByTestId(testId);
  await input.fill(shown(day));
  await input.press('Enter');
  // Its calendar closed before the next field: left open, it covers the next select's list and a click there
  // waits forever. An Enter pressed while the calendar was still mounting is lost and the calendar stays open: Enter again
  // (it takes the typed day and closes) until it is closed.
  const calendar = page.locator('.ant-picker-dropdown').filter({ visible: true });
  await expect(async () => {
    if ((await calendar.count()) > 0) await input.press('Enter');
    await expect(calendar).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(input).toHaveValue(shown(day));
}

test('B runs a report of one region for this month by operator, sees the table and the charts, keeps it in the address, and exports it as Excel and PDF', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL, 'central@demo.az', { at: '/app/report-form' });
  await expect(page.getByTestId('report-table')).toBeVisible();

  await typeDay(page, 'report-date-from', monthStart);
  await typeDay(page, 'report-date-to', today);
  await pickSelectOption(page, page.getByTestId('report-region'), 'Gəncə');
  await chooseSelectOption(page, page.getByTestId('report-group-by'), 'Operator');
  await page.getByTestId('report-run').click();
  await expect(page).toHaveURL(new RegExp(`date_from=${monthStart}&date_to=${today}&region=\\d+.*group_by=operator`));
  await settled(page);

  const table = page.getByTestId('report-table');
  await expect(table.locator('thead th').first()).toHaveText('Operator');
  // The demo operator of Gəncə received the demo's batches today.
  const row = table.locator('tr.ant-table-row', { hasText: 'Babayeva Nigar' });
  await expect(row).toBeVisible();
  expect(countIn(await row.locator('td').nth(1).innerText())).toBeGreaterThan(0);
  const sums = await totals(table);
  expect(sums).toHaveLength(10);
  expect(countIn(sums[0]!)).toBeGreaterThan(0);
  // Amounts are money, right-aligned: "1.234,50 ₼".
  for (const amount of sums.slice(7)) expect(amount).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} ₼$/);
  await expect(table.getByTestId('report-totals').locator('td').nth(8)).toHaveCSS('text-align', 'right');
  await expect(page.getByTestId('report-period')).toContainText(`${shown(monthStart)} – ${shown(today)}`);
  // The moment the figures are of: now on the primary (a lagging replica shows an older one).
  await expect(page.getByTestId('report-as-of')).toHaveText(
    // Shown in Baku time: from 20:00 UTC it is already the next day there.
    new RegExp(`^Məlumatlar ${shown(bakuDay()).replaceAll('.', '\\.')} \\d\\d:\\d\\d vəziyyətinə$`),
  );

  // Both charts are drawn, each one named image (its numbers are the table's).
  const formsChart = page.getByTestId('report-forms-chart');
  await expect(formsChart.getByRole('img', { name: /^Blanklar \(Operator üzrə\)\./ })).toBeVisible();
  await expect(formsChart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('report-money-chart').locator('.recharts-wrapper')).toBeVisible();
  await screenshot(page, 'report-form-by-operator');

  // The address is the report: a reload shows the same filters and rows.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByTestId('report-region')).toContainText('Gəncə');
  await expect(page.getByTestId('report-date-from')).toHaveValue(shown(monthStart));
  // Back shows the report before, its filters with it; forward the one by operator again.
  await page.goBack();
  await expect(page.getByTestId('report-group-by')).toContainText('Region');
  await expect(page.getByTestId('report-region')).not.toContainText('Gəncə');
  await expect(table.locator('thead th').first()).toHaveText('Region');
  await page.goForward();
  await expect(page.getByTestId('report-group-by')).toContainText('Operator');
  await expect(row).toBeVisible();

  for (const [format, magic] of [
    ['xlsx', 'PK'],
    ['pdf', '%PDF'],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByTestId(`report-export-${format}`).click();
    // The progress shows while the file streams and stays with the result once it is saved.
    await expect(page.getByTestId('report-export-progress')).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^hesabat-.+\\.${format}$`));
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, magic.length).toString('latin1')).toBe(magic);
    const status = page.getByTestId('report-export-status');
    await expect(status).toContainText(file.suggestedFilename());
    await expect(status).toContainText(/\d+ sətir · \d+,\d MB alındı/);
    await expect(page.getByTestId('report-export-progress')).toHaveAttribute('data-phase', 'done');
  }
  await screenshot(page, 'report-form-exported');
});

test('an empty period gives zeros, not an error; a regional user (E) gets no region picker', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL, 'regional@demo.az', {
    at: '/app/report-form?date_from=2020-01-01&date_to=2020-01-31&group_by=transport_type',
  });
  const table = page.getByTestId('report-table');
  await expect(table).toBeVisible();
  await settled(page);
  await expect(page.getByTestId('report-error')).toHaveCount(0);
  await expect(table).toContainText('Bu dövrdə qeyd yoxdur');
  expect(await totals(table)).toEqual(['0', '0', '0', '0', '0', '0', '0', '0,00 ₼', '0,00 ₼', '0,00 ₼']);
  await expect(page.getByTestId('report-region')).toHaveCount(0);
  await expect(page.getByTestId('report-operator')).toBeVisible();

  // A period that ends before it starts is refused under its field before any request.
  await typeDay(page, 'report-date-to', '2019-12-01');
  await page.getByTestId('report-run').click();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText('Dövrün başlanğıcı sonundan gec ola bilməz.');
  await expect(page).toHaveURL(/date_to=2020-01-31/);

  // A day the server refuses (an address can say anything) shows its 400 under the field, not a failure.
  await page.goto('/app/report-form?date_from=2026-02-30&date_to=2026-03-31');
  await expect(page.getByTestId('report-error')).toContainText('Filtrlərdə xəta var');
  await expect(
    page.locator('.ant-form-item', { hasText: 'Başlanğıc tarix' }).locator('.ant-form-item-explain-error'),
  ).toHaveText('Tarix yyyy-mm-dd formatında olmalıdır.');
});

test('the general report shows region by transport type, per region, per transport type and month by month', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL, 'central@demo.az', { at: '/app/general-report' });
  await settled(page);
  // This year so far by default: a row per month up to this one.
  const year = today.slice(0, 4);
  await expect(page.getByTestId('report-date-from')).toHaveValue(`01.01.${year}`);
  const months = page.getByTestId('general-report-months').locator('tr.ant-table-row');
  await expect(months).toHaveCount(Number(today.slice(5, 7)));
  const cells = page.getByTestId('general-report-cells');
  await expect(cells.locator('tr.ant-table-row', { hasText: 'Gəncə' }).first()).toBeVisible();
  await expect(
    page.getByTestId('general-report-regions').locator('tr.ant-table-row', { hasText: 'Gəncə' }),
  ).toBeVisible();
  await expect(page.getByTestId('general-report-transport-types').locator('tr.ant-table-row').first()).toBeVisible();
  // Every table adds up to the same totals.
  const issued = await Promise.all(
    ['general-report-cells', 'general-report-regions', 'general-report-transport-types', 'general-report-months'].map(
      async (id) => (await totals(page.getByTestId(id)))[0],
    ),
  );
  expect(new Set(issued).size).toBe(1);
  expect(countIn(issued[0]!)).toBeGreaterThan(0);
  await expect(page.getByTestId('general-report-months-chart').locator('.recharts-line').first()).toBeVisible();
  await screenshot(page, 'general-report');

  // One region: every cell is of it.
  await pickSelectOption(page, page.locator('.ant-select', { has: page.locator('#region') }), 'Gəncə');
  await page.getByTestId('report-run').click();
  await expect(page).toHaveURL(/region=\d+/);
  await settled(page);
  // The demo's year has five more regions: the table of all of them gives way to Gəncə's once its answer is in.
  await expect
    .poll(async () => [...new Set(await cells.locator('tr.ant-table-row td:first-child').allInnerTexts())])
    .toEqual(['Gəncə']);
});

test('a list applies a filter of its address that the user cannot pick (C: the forms shared to them)', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL, 'inspector@demo.az');
  const api = await apiAs(page);
  const { user } = await api.post<{ user: { id: number } }>('/api/user/current-user/', {});
  const { count } = await api.get<{ count: number }>(`/api/fn/forms/?stage=shared&inspector=${user.id}&per_page=1`);
  expect(count).toBeGreaterThan(0);
  await page.goto(`/app/general-fn?stage=shared&inspector=${user.id}`);
  await settled(page);
  // The inspector holds no people picker: the filter shows as a tag whose button, reached by keyboard, removes it.
  const pinned = page.getByTestId('filter-inspector');
  await expect(pinned).toHaveText('Müfəttiş: siz');
  await expect(page.getByTestId('list-total')).toHaveText(`Cəmi: ${count}`);
  const remove = pinned.getByRole('button', { name: 'Filtri götür: Müfəttiş' });
  await remove.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/inspector=/);
  await expect(page.getByTestId('filter-inspector')).toHaveCount(0);
});

const demoUsers = [
  'admin@demo.az',
  'central@demo.az',
  'inspector@demo.az',
  'cashier@demo.az',
  'regional@demo.az',
  'operator@demo.az',
];

interface Shown {
  section: string;
  label: string;
  href: string;
  count: number;
}

/** Every number of the home page with the list it links to. */
async function homeNumbers(page: Page): Promise<Shown[]> {
  await page.goto('/app/sample-page');
  await expect(page.getByTestId('statistics')).toBeVisible({ timeout: 15_000 });
  return page.getByTestId('statistics-section').evaluateAll((sections) =>
    sections.flatMap((section) =>
      [...section.querySelectorAll<HTMLAnchorElement>('a[data-testid="statistic-link"]')].map((link) => ({
        section: section.getAttribute('data-section') ?? '',
        label: link.getAttribute('aria-label') ?? '',
        href: link.getAttribute('href') ?? '',
        count: Number(link.getAttribute('data-count')),
      })),
    ),
  );
}

/**
 * The kind of list a number opens: its screen and the names of its filters. Two numbers of one kind differ only in
 * the filters' values, which the API test compares number by number (reports.test.ts, "each home number is the
 * count of the list its link opens, for every demo user").
 */
const kindOf = (href: string) => {
  const url = new URL(href, 'http://x');
  return `${url.pathname}?${[...url.searchParams.keys()].sort().join('&')}`;
};

/**
 * The user's home with its numbers; each number of a kind no earlier user showed is clicked, and its list shows the
 * same count. Returns the sections shown.
 */
async function checkHome(browser: Browser, baseURL: string | undefined, email: string, kindsSeen: Set<string>) {
  const page = await signedIn(browser, baseURL, email, { viewport: { width: 1280, height: 720 } });
  const numbers = await homeNumbers(page);
  expect(numbers.length).toBeGreaterThan(0);
  await screenshot(page, `home-${email.split('@')[0]}`);
  const sections = new Set(numbers.map((n) => n.section));
  for (const number of numbers) {
    // The number's name says what it counts and how many (dots between thousands).
    expect(number.label).toMatch(/: \d{1,3}(\.\d{3})*$/);
    if (kindsSeen.has(kindOf(number.href))) continue;
    kindsSeen.add(kindOf(number.href));
    const link = page
      .locator(`[data-testid="statistics-section"][data-section="${number.section}"]`)
      .getByRole('link', { name: number.label, exact: true });
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(number.href);
    await settled(page);
    await expect(page.getByTestId('list-total'), `${email}: ${number.label} (${number.href})`).toHaveText(
      `Cəmi: ${number.count}`,
    );
    await page.goBack();
    await expect(page.getByTestId('statistics')).toBeVisible();
  }
  await page.context().close();
  return sections;
}

test('a report is subscribed to for the 1st of each month with its filters, opened again from the list, and ended', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL, 'regional@demo.az', {
    at: '/app/report-form?group_by=transport_type&validity=3',
  });
  await settled(page);
  await expect(page.getByTestId('report-subscriptions')).toHaveCount(0);
  await page.getByTestId('report-subscribe').click();
  await expect(page.getByText('Bu filtrlərlə hesabat hər ayın 1-də keçən ay üzrə')).toBeVisible();
  await page.getByRole('button', { name: 'Aylıq abunə ol' }).last().click();
  const list = page.getByTestId('report-subscriptions');
  await expect(list).toContainText('Nəqliyyat növü · filtr: 2');
  await expect(list).toContainText('Hələ göndərilməyib');
  await screenshot(page, 'report-subscriptions');
  // The same filters twice is refused with the server's words.
  await page.getByTestId('report-subscribe').click();
  await page.getByRole('button', { name: 'Aylıq abunə ol' }).last().click();
  await expect(page.getByText('Bu filtrlərlə abunəlik artıq var.')).toBeVisible();

  // Opened from the list on another report, its filters come back.
  await page.goto('/app/report-form?group_by=region');
  await settled(page);
  await list.getByRole('button', { name: 'Ekranda aç' }).click();
  await expect(page).toHaveURL(/validity=3.*group_by=transport_type/);
  await list.getByRole('button', { name: /Abunəliyi dayandır/ }).click();
  await page.getByRole('button', { name: 'Abunəliyi dayandır' }).last().click();
  await expect(page.getByTestId('report-subscriptions')).toHaveCount(0);
});

test("each demo user's home shows their numbers, and each kind of number opens its list with the same count", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const kindsSeen = new Set<string>();
  for (const email of demoUsers) {
    const sections = await checkHome(browser, baseURL, email, kindsSeen);
    expect(sections.size, email).toBeGreaterThan(0);
  }
  expect(kindsSeen.size).toBeGreaterThan(3);
});

test('an Excel file of more than 100.000 rows streams with its progress while the screen stays responsive', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await useSession(page, 'central@demo.az');
  // A batch of 100.000 forms today, beside the demo's, in the demo operator's region.
  const api = await apiAs(page);
  const [model] = (await api.get<{ results: FnBatch[] }>('/api/fn/batches/?per_page=1&order_by=id')).results;
  let series = uniqueSeries();
  while ((await api.get<{ count: number }>(`/api/fn/batches/?series=${series}`)).count > 0) series = uniqueSeries();
  await api.post<FnBatch>('/api/fn/batches/', {
    series,
    start_number: '000001',
    finish_number: '100000',
    operator: model!.operator,
    region: model!.region,
    transport_type: model!.transport_type,
    coefficient: model!.coefficient,
    expire_date: 1,
    expire_date_type: 'month',
  });

  await page.goto(`/app/report-form?region=${model!.region}&group_by=transport_type`);
  await settled(page);
  // The report is drawn, its charts too, before the download starts: their first draw took half a second in CI
  // (after the click, it was counted against the download).
  await expect(page.getByTestId('report-table')).toBeVisible();
  for (const chart of ['report-forms-chart', 'report-money-chart'])
    await expect(page.getByTestId(chart).locator('.recharts-cartesian-axis-tick').first()).toBeAttached();
  // The longest task the main thread runs from here on, and every progress text the screen shows.
  await page.evaluate(() => {
    const w = window as unknown as { longestTask: number; progressTexts: string[] };
    w.longestTask = 0;
    w.progressTexts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longestTask = Math.max(w.longestTask, entry.duration);
    }).observe({ type: 'longtask' });
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="report-export-status"]')?.textContent;
      if (text && w.progressTexts.at(-1) !== text) w.progressTexts.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const download = page.waitForEvent('download', { timeout: 240_000 });
  await page.getByTestId('report-export-xlsx').click();
  const status = page.getByTestId('report-export-status');
  // The rows the file holds are known from its first byte; the megabytes grow as it comes.
  await expect(status).toContainText(/\d{3}\.\d{3} sətir/, { timeout: 120_000 });
  const rows = countIn((await status.innerText()).split('sətir')[0]!);
  expect(rows).toBeGreaterThanOrEqual(100_000);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByTestId('report-export-progress')).toHaveAttribute('data-phase', 'done');
  // Whole tenths received, as the screen writes them (4,3 for 4.37 MB).
  const tenths = Math.floor(bytes.length / 104_857.6);
  const megabytes = `${Math.floor(tenths / 10)},${tenths % 10}`;
  await expect(status).toContainText(`${megabytes} MB alındı`);
  // While it came, the screen said so, with the rows and the megabytes so far. How many distinct megabyte
  // figures it showed depends on how the bytes arrive: with the embedded database in the server's own thread,
  // they may come in a few large reads (once, in a full run, one figure only), so only their presence is asserted.
  const texts = await page.evaluate(() => (window as unknown as { progressTexts: string[] }).progressTexts);
  const running = texts.filter((text) => text.startsWith('Fayl hazırlanır'));
  expect(running.length).toBeGreaterThan(0);
  for (const text of running) expect(text).toMatch(/[\d,]+ MB/);
  // No moment of the download held the screen: no task of half a second or more.
  expect(await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask)).toBeLessThan(500);
});
