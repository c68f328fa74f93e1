import type { Operator, SavedView } from '@dnx/shared';
import type { Page } from '@playwright/test';
import { apiAs } from './support/access';
import { audit, report } from './support/axe';
import { expect, listAnswered, pressUntilFocused, signedIn, test } from './support/fixtures';

/**
 * Column settings, density and saved views (issue 29), on the payments list: kept on the server per person, so a
 * second browser signed in as the same person sees them; the defaults show the amount and status at 1280 px.
 */

const viewport = { width: 1280, height: 800 };

/** The person's own REST calls, for putting the list back as the other tests expect it. */
async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  return {
    resetPayments: async () => {
      const res = await page.request.put('/api/user/preferences/lists/fn-payment/', {
        headers,
        data: { columns: null, density: 'comfortable', default_view: null },
      });
      expect(res.ok(), await res.text()).toBe(true);
    },
    deleteViews: async () => {
      const res = await page.request.get('/api/views/?list=fn-payment', { headers });
      const { results } = (await res.json()) as { results: SavedView[] };
      for (const view of results.filter((v) => v.mine))
        await page.request.delete(`/api/views/${view.id}/`, { headers });
    },
  };
}

const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });

async function openPayments(page: Page, search = '') {
  await page.goto(`/app/fn-payment${search}`);
  await expect(page.getByTestId('resource-table')).toBeVisible();
  await expect(page.getByTestId('views-menu')).toBeVisible();
  await listAnswered(page);
}

test('a hidden column follows the person to another browser; a saved view opens and is their default', async ({
  browser,
  baseURL,
}) => {
  const first = await signedIn(browser, baseURL, 'cashier@demo.az', { viewport });
  const calls = await api(first);
  await calls.resetPayments();
  await calls.deleteViews();
  try {
    await openPayments(first);
    await expect(header(first, 'Blanklar')).toBeVisible();

    // Column settings by keyboard alone: the button, then the check box of "Blanklar" with Space.
    await first.getByTestId('column-settings').focus();
    await first.keyboard.press('Enter');
    const drawer = first.getByTestId('column-settings-drawer');
    await expect(drawer).toBeVisible();
    const forms = drawer.getByTestId('column-setting-forms').getByRole('checkbox');
    await forms.focus();
    const saved = first.waitForResponse(
      (r) => r.url().includes('/api/user/preferences/lists/fn-payment/') && r.request().method() === 'PUT',
    );
    await first.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    await expect(forms).not.toBeChecked();
    await expect(header(first, 'Blanklar')).toHaveCount(0);
    // Compact density, and "Nəqliyyat vasitələri" (hidden by default) shown and moved up once.
    await drawer.getByText('Sıx', { exact: true }).click();
    await expect(first.locator('.ant-table-small')).toBeVisible();
    // The box follows the person's settings, which change a moment after the click (an optimistic update): the
    // assertion waits for it, where check() reads the box once and fails under load.
    const rowsBox = drawer.getByTestId('column-setting-rows_count').getByRole('checkbox');
    await rowsBox.click();
    await expect(rowsBox).toBeChecked();
    await expect(header(first, 'Nəqliyyat vasitələri')).toBeVisible();
    await drawer.getByRole('button', { name: 'Yuxarı: Nəqliyyat vasitələri' }).click();
    const findings = await audit(first, 'column settings', '.ant-drawer');
    expect(findings, report(findings)).toEqual([]);
    await first.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    const order = await first.locator('.ant-table-thead th').allInnerTexts();
    expect(order.indexOf('Nəqliyyat vasitələri')).toBeLessThan(order.indexOf('Yaradılıb'));
    expect(order.indexOf('Nəqliyyat vasitələri')).toBeGreaterThan(order.indexOf('Status'));

    // Another browser (no shared storage), the same person: the same columns and density, from the server.
    const second = await signedIn(browser, baseURL, 'cashier@demo.az', { viewport });
    await openPayments(second);
    await expect(header(second, 'Cəmi')).toBeVisible();
    await expect(header(second, 'Nəqliyyat vasitələri')).toBeVisible();
    await expect(header(second, 'Blanklar')).toHaveCount(0);
    await expect(second.locator('.ant-table-small')).toBeVisible();

    // A view of paid payments, the biggest first, saved from the list and made the default.
    await openPayments(first, '?status=3&order_by=total&order=desc&per_page=25');
    await first.getByTestId('views-menu').click();
    await first.getByTestId('view-save').click();
    const dialog = first.getByTestId('save-view-dialog');
    await expect(dialog.getByRole('dialog')).toBeVisible();
    await dialog.getByTestId('view-name').fill('Ödənilmiş, böyükdən');
    await dialog.getByTestId('view-default').check();
    const dialogFindings = await audit(first, 'save view dialog', '.ant-modal');
    expect(dialogFindings, report(dialogFindings)).toEqual([]);
    const created = first.waitForResponse((r) => r.url().endsWith('/api/views/') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Saxla' }).click();
    expect((await created).status()).toBe(201);
    await expect(dialog.getByRole('dialog')).toBeHidden();

    // Opened from the menu of the plain list: its filter, sort and page size come back.
    await openPayments(first, '?status=1');
    await first.getByTestId('views-menu').click();
    const item = first.getByRole('menuitem', { name: /Ödənilmiş, böyükdən/ });
    await expect(item).toBeVisible();
    const menuFindings = await audit(first, 'views menu', '.ant-dropdown');
    expect(menuFindings, report(menuFindings)).toEqual([]);
    await item.click();
    await expect(first).toHaveURL(/status=3/);
    await expect(first).toHaveURL(/order_by=total/);
    await expect(first).toHaveURL(/per_page=25/);
    await expect(first.getByTestId('page-size')).toContainText('25');

    // The default: the list opened without parameters in the other browser applies it.
    await second.goto('/app/sample-page');
    await openPayments(second);
    await expect(second).toHaveURL(/status=3/);
    await second.context().close();
  } finally {
    await calls.resetPayments();
    await calls.deleteViews();
    await first.context().close();
  }
});

test('views by keyboard alone: saved from the menu, renamed and given the current filters, then opened', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, baseURL, 'cashier@demo.az', { viewport });
  const calls = await api(page);
  await calls.resetPayments();
  await calls.deleteViews();
  const menuButton = page.getByTestId('views-menu');
  const openMenuItem = async (name: string | RegExp) => {
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name });
    await expect(item).toBeVisible();
    await pressUntilFocused(page, 'ArrowDown', item, 8);
    await page.keyboard.press('Enter');
  };
  try {
    // Saved: Enter on "Görünüşlər", the arrows to "Cari görünüşü saxla…", a name typed, Enter.
    await openPayments(page, '?status=3');
    await openMenuItem('Cari görünüşü saxla…');
    const saveDialog = page.getByTestId('save-view-dialog').getByRole('dialog');
    await expect(saveDialog).toBeVisible();
    await expect(saveDialog.getByTestId('view-name')).toBeFocused();
    await page.keyboard.type('Ödənilmiş');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/views/') && r.request().method() === 'POST');
    await page.keyboard.press('Enter');
    expect((await created).status()).toBe(201);
    await expect(saveDialog).toBeHidden();

    // The export beside it opens the same way: Enter, then the arrows reach its formats.
    await page.getByTestId('export').focus();
    await page.keyboard.press('Enter');
    const csv = page.getByRole('menuitem', { name: 'CSV faylı' });
    await expect(csv).toBeVisible();
    await pressUntilFocused(page, 'ArrowDown', csv, 4);
    await page.keyboard.press('Escape');
    await expect(csv).toBeHidden();

    // The list now shows payments under review, the biggest first. The manager: Tab to the view's "Redaktə et".
    await openPayments(page, '?status=2&order_by=total&order=desc');
    await openMenuItem('Görünüşləri idarə et…');
    const manager = page.getByTestId('manage-views-dialog').getByRole('dialog');
    await expect(manager).toBeVisible();
    await pressUntilFocused(page, 'Tab', manager.getByRole('button', { name: 'Redaktə et: Ödənilmiş' }), 12);
    const managerFindings = await audit(page, 'manage views dialog', '.ant-modal');
    expect(managerFindings, report(managerFindings)).toEqual([]);
    await page.keyboard.press('Enter');

    // The same dialog turns to the view's form. Renamed, and given the list's current filters and sort: the name's
    // text replaced, Space on the check box, Tab to "Saxla".
    const editDialog = page.getByRole('dialog', { name: '«Ödənilmiş» görünüşünün redaktəsi' });
    await expect(editDialog).toBeVisible();
    const name = editDialog.getByTestId('view-name');
    await expect(name).toBeFocused();
    await expect(name).toHaveValue('Ödənilmiş');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Baxılan, böyükdən');
    await pressUntilFocused(page, 'Tab', editDialog.getByTestId('view-take-current'), 6);
    await page.keyboard.press('Space');
    await expect(editDialog.getByTestId('view-take-current')).toBeChecked();
    const editFindings = await audit(page, 'edit view dialog', '.ant-modal');
    expect(editFindings, report(editFindings)).toEqual([]);
    await pressUntilFocused(page, 'Tab', editDialog.getByRole('button', { name: 'Saxla' }), 8);
    const updated = page.waitForResponse((r) => /\/api\/views\/\d+\/$/.test(r.url()) && r.request().method() === 'PUT');
    await page.keyboard.press('Enter');
    const answer = await updated;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as SavedView).query).toMatchObject({ status: '2', order_by: 'total', order: 'desc' });

    // Back in the list of views, under the new name, the focus on the view's "Redaktə et"; Escape closes it.
    await expect(manager.getByRole('button', { name: 'Redaktə et: Baxılan, böyükdən' })).toBeFocused();
    await expect(manager.getByText('Baxılan, böyükdən', { exact: true })).toBeVisible();
    await expect(manager.getByText('Ödənilmiş', { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(manager).toBeHidden();

    // Opened from the menu of another filter: the view's new filters and sort come back.
    await openPayments(page, '?status=1');
    await openMenuItem(/Baxılan, böyükdən/);
    await expect(page).toHaveURL(/status=2/);
    await expect(page).toHaveURL(/order_by=total/);
    await expect(page).toHaveURL(/order=desc/);
  } finally {
    await calls.deleteViews();
    await page.context().close();
  }
});

test('a view naming a filter the person no longer has is applied without it, and says so', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL, 'cashier@demo.az', { viewport });
  const calls = await api(page);
  await calls.resetPayments();
  try {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await page.request.post('/api/views/', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        list: 'fn-payment',
        name: 'Köhnə görünüş',
        query: { status: '3', region: '999', status_old: 'x' },
        columns: ['id', 'total', 'gone_column'],
        shared_with: [],
        is_default: false,
      },
    });
    expect(res.status()).toBe(201);
    await openPayments(page);
    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitem', { name: /Köhnə görünüş/ }).click();
    const notice = page.getByTestId('view-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toContainText('region');
    await expect(notice).toContainText('gone_column');
    await expect(page).toHaveURL(/status=3/);
    await expect(page).not.toHaveURL(/region=/);
    await expect(header(page, 'Cəmi')).toBeVisible();
    await expect(header(page, 'VÖEN')).toHaveCount(0);
  } finally {
    await calls.resetPayments();
    await calls.deleteViews();
    await page.context().close();
  }
});

test('a view opened from the search palette leaves out an operator of another region, and says so', async ({
  browser,
  baseURL,
}) => {
  // An operator the regional head of Gəncə may not pick: one of another region, read by the administrator.
  const admin = await signedIn(browser, baseURL, 'admin@demo.az', { viewport });
  const operators = await (await apiAs(admin)).get<{ data: Operator[] }>('/api/user/users/operators/');
  const other = operators.data.find((o) => o.region_name !== null && o.region_name !== 'Gəncə')!;
  expect(other, 'the demo has operators in other regions').toBeDefined();
  await admin.context().close();

  const page = await signedIn(browser, baseURL, 'regional@demo.az', { viewport });
  const calls = await apiAs(page);
  const own = (await calls.get<{ data: Operator[] }>('/api/user/users/operators/')).data;
  expect(own.map((o) => o.id)).not.toContain(other.id);
  const view = await calls.post<SavedView>('/api/views/', {
    list: 'general-fn',
    name: 'Başqa regionun operatoru',
    query: { operator: String(other.id), per_page: '50' },
    columns: null,
    shared_with: [],
    is_default: false,
  });
  try {
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('search-palette');
    await expect(palette.getByTestId('search-input')).toBeFocused();
    await page.keyboard.type('Başqa regionun');
    const option = palette.getByRole('option', { name: /Başqa regionun operatoru/ });
    await expect(option).toBeVisible();
    await expect(palette.getByTestId('search-input')).toHaveAttribute(
      'aria-activedescendant',
      (await option.getAttribute('id'))!,
    );
    await page.keyboard.press('Enter');

    // The list applies the view by its id: the page size stays, the operator is left out and named.
    await expect(page).toHaveURL(/\/app\/general-fn\?/);
    await expect(page).toHaveURL(/per_page=50/);
    await expect(page).not.toHaveURL(/saved_view=|operator=/);
    const notice = page.getByTestId('view-notice');
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toContainText('«Operator»');
    await listAnswered(page);

    // A view the person cannot open (deleted, or no longer shared): the list says so and shows as it is.
    await page.goto('/app/general-fn?saved_view=999999');
    await expect(page.getByTestId('view-notice')).toContainText('Bu görünüş artıq yoxdur');
    await expect(page).not.toHaveURL(/saved_view=/);
    await listAnswered(page);
  } finally {
    await page.request.delete(`/api/views/${view.id}/`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    });
    await page.context().close();
  }
});

test('the payments list at 1280 px shows the amount and the status without scrolling sideways', async ({
  browser,
  baseURL,
}) => {
  const page = await signedIn(browser, baseURL, 'cashier@demo.az', { viewport });
  await (await api(page)).resetPayments();
  await openPayments(page);
  const inView = async (name: string) => {
    const box = (await header(page, name).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
  };
  await inView('Cəmi');
  await inView('Status');
  // The cells of the rows too, where the list has any.
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  if ((await rows.count()) > 0) {
    const cells = await rows.first().locator('td').all();
    const titles = await page.locator('.ant-table-thead th').allInnerTexts();
    for (const name of ['Cəmi', 'Status']) {
      const box = (await cells[titles.indexOf(name)]!.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
    }
  }
  await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
  const scrollLeft = await page.locator('.ant-table-content').evaluate((el) => el.scrollLeft);
  expect(scrollLeft).toBe(0);

  // Every column shown: the table scrolls sideways and says so, and its scrolling region takes the focus.
  await page.getByTestId('column-settings').click();
  const drawer = page.getByTestId('column-settings-drawer');
  await expect(drawer).toBeVisible();
  for (const key of ['rows_count', 'receipt']) {
    const box = drawer.getByTestId(`column-setting-${key}`).getByRole('checkbox');
    await box.click();
    await expect(box).toBeChecked();
  }
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(page.getByTestId('scroll-hint')).toBeVisible();
  await expect(page.getByTestId('scroll-hint')).toContainText('Cədvəl sağa sürüşdürülür');
  await expect(page.getByRole('region', { name: 'Cədvəl (sağa sürüşdürülür)' })).toHaveAttribute('tabindex', '0');
  const findings = await audit(page, 'payments list scrolling sideways');
  expect(findings, report(findings)).toEqual([]);
  await (await api(page)).resetPayments();
  await page.context().close();
});
