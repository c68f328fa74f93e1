import { toastMessages, userMessages } from '@dnx/shared';
import type { Locator, Page } from '@playwright/test';
import { az } from '../src/i18n/az';
import { audit, report } from './support/axe';
import { apiAs, errorUnder, formItem, pickSelectOption } from './support/access';
import { closeTourWithEscape, expect, listAnswered, test, toast, useSession } from './support/fixtures';

/**
 * Issue 30: forms keep typed work (one guard for every form), the reference forms' "save and add another", the
 * parent batch, messages that say what happened, the navigation column's height and the shipped font.
 */

const picker = (form: Locator, field: string) =>
  form.locator('.ant-select').filter({ has: form.page().locator(`#${field}`) });
const unsavedDialog = (page: Page) => page.locator('.ant-modal-confirm', { hasText: az.unsaved.title });

async function addStop(page: Page, index: number, name: string) {
  await page.getByTestId('route-point-add').click();
  await expect(page.locator(`#route_points_${index}_name`)).toBeFocused();
  await page.keyboard.type(name);
}

test.describe('forms keep typed work (issue 30)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a half-filled bus route asks before a menu click, Back and a reload; staying keeps the text and the stops; saving lets go', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await useSession(page, 'regional@demo.az');
    await closeTourWithEscape(page);
    const suffix = Date.now().toString(36).slice(-5).toUpperCase();
    const name = `Yarımçıq marşrut ${suffix}`;

    await page.goto('/app/bus-routes');
    await page.getByTestId('create-bus-route').click();
    await expect(page).toHaveURL(/\/app\/bus-routes-create$/);
    const form = page.getByTestId('bus-route-form');
    await form.locator('#name').fill(name);
    await addStop(page, 0, 'Gənclik');
    await addStop(page, 1, 'Sahil');

    // A menu click: the dialog asks, in Azerbaijani, with the harmless answer focused; staying keeps everything.
    await page.getByTestId('side-menu').locator('a[href="/app/bus-routes"]').click();
    const dialog = unsavedDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(az.unsaved.text);
    await expect(page.getByTestId('unsaved-stay')).toBeFocused();
    expect(report(await audit(page, 'unsaved-changes dialog', '.ant-modal-confirm'))).toBe('');
    await page.getByTestId('unsaved-stay').click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/app\/bus-routes-create$/);
    await expect(form.locator('#name')).toHaveValue(name);
    await expect(page.locator('#route_points_1_name')).toHaveValue('Sahil');

    // Back: asks too; Escape stays, and the address is still the form's.
    await page.goBack();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/app\/bus-routes-create$/);
    await expect(form.locator('#name')).toHaveValue(name);

    // A reload: the browser's own question (beforeunload); dismissed, the page and its text stay.
    let asked = 0;
    page.once('dialog', async (question) => {
      expect(question.type()).toBe('beforeunload');
      asked += 1;
      await question.dismiss();
    });
    await page.reload({ timeout: 3_000 }).catch(() => undefined);
    await expect.poll(() => asked).toBe(1);
    await expect(form.locator('#name')).toHaveValue(name);

    // Leaving on purpose: "Çıx" goes.
    await page.getByTestId('side-menu').locator('a[href="/app/bus-routes"]').click();
    await page.getByTestId('unsaved-leave').click();
    await expect(page).toHaveURL(/\/app\/bus-routes(\?.*)?$/);

    // A saved route moves on without a question.
    await page.getByTestId('create-bus-route').click();
    await pickSelectOption(page, picker(form, 'transport_type'), 'Avtobus');
    await form.locator('#name').fill(name);
    await form.locator('#number').fill(`Y${suffix}`);
    await pickSelectOption(page, picker(form, 'city'), 'Gəncə');
    await pickSelectOption(page, picker(form, 'destination_city'), 'Şəki');
    await form.locator('#cover').fill('Şəhərlərarası');
    await addStop(page, 0, 'Gənclik');
    await page.getByTestId('bus-route-form-save').click();
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/bus-routes(\?.*)?$/);
    await expect(unsavedDialog(page)).toHaveCount(0);
  });

  test('a half-filled payment asks before the way back to the list and a menu click; an untouched one asks nothing', async ({
    page,
  }) => {
    await useSession(page, 'cashier@demo.az');
    await closeTourWithEscape(page);
    // Opened and left untouched (its dates already today's): no question.
    await page.goto('/app/fn-payment');
    await page.getByTestId('create-payment').click();
    await expect(page).toHaveURL(/form=new/);
    await expect(page.getByTestId('payment-form')).toBeVisible();
    await page.getByRole('link', { name: az.form.back }).click();
    await expect(page).toHaveURL(/\/app\/fn-payment$/);
    await expect(unsavedDialog(page)).toHaveCount(0);

    // Half filled: the way back to the list (the same route, another screen) asks; staying keeps the text.
    await page.getByTestId('create-payment').click();
    const payer = page.getByTestId('payment-form').getByLabel('Ödəyicinin adı');
    await payer.fill('Yarımçıq ödəyici');
    await page.getByRole('link', { name: az.form.back }).click();
    const dialog = unsavedDialog(page);
    await expect(dialog).toBeVisible();
    await page.getByTestId('unsaved-stay').click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/form=new/);
    await expect(payer).toHaveValue('Yarımçıq ödəyici');

    // A menu click asks too; leaving on purpose goes.
    await page.getByTestId('side-menu').locator('a[href="/app/online-payment"]').click();
    await expect(dialog).toBeVisible();
    await page.getByTestId('unsaved-leave').click();
    await expect(page).toHaveURL(/\/app\/online-payment/);
  });

  test('"Yadda saxla və yenisini əlavə et" saves and leaves an empty form with status 1 that asks nothing', async ({
    page,
  }) => {
    await useSession(page, 'admin@demo.az', '/app/tax-payers-create');
    const form = page.getByTestId('resource-form');
    const name = `Yoxlama vergi ödəyicisi ${Date.now().toString(36)}`;
    await form.locator('#name').fill(name);
    await page.getByRole('switch').click();
    await expect(page.getByRole('switch')).not.toBeChecked();
    await page.getByTestId('resource-form-save-add').click();
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/tax-payers-create$/);
    await expect(form.locator('#name')).toHaveValue('');
    await expect(page.getByRole('switch')).toBeChecked();
    // Nothing typed since the save: the way back to the list moves on at once.
    await page.getByRole('link', { name: 'Geri' }).click();
    await expect(page).toHaveURL(/\/app\/tax-payers(\?.*)?$/);
    await expect(unsavedDialog(page)).toHaveCount(0);
    await page.getByTestId('list-search').locator('input').fill(name);
    await expect(page.getByTestId('list-total')).toHaveText('Cəmi: 1');
  });

  test('the parent batch is chosen on the batch form and shown over the batch forms and on its form', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await useSession(page, 'central@demo.az');
    type Batch = {
      id: number;
      series: string;
      start_number: string;
      finish_number: string;
      fnBase: number | null;
      operator: number;
      region: number;
      transport_type: number;
      coefficient: number;
    };
    const api = await apiAs(page);
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const randomSeries = () => Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * 26)]).join('');
    const freshSeries = async () => {
      let series = randomSeries();
      while ((await api.get<{ count: number }>(`/api/fn/batches/?series=${series}`)).count > 0) series = randomSeries();
      return series;
    };
    // The parent has a series of its own, so a search by it lists it first whatever other tests have issued.
    const model = (await api.get<{ results: Batch[] }>('/api/fn/batches/?per_page=1&order_by=id&order=asc'))
      .results[0]!;
    const parent = await api.post<Batch>('/api/fn/batches/', {
      series: await freshSeries(),
      start_number: '000001',
      finish_number: '000002',
      operator: model.operator,
      region: model.region,
      transport_type: model.transport_type,
      coefficient: model.coefficient,
      expire_date: 1,
      expire_date_type: 'year',
    });
    const series = await freshSeries();

    await page.goto('/app/new-fn-create');
    const form = page.getByTestId('fn-batch-form');
    await form.getByLabel('Seriya').fill(series);
    await form.getByLabel('Başlanğıc nömrə').fill('000001');
    await form.getByLabel('Son nömrə').fill('000003');
    await pickSelectOption(page, formItem(page, 'Region').locator('.ant-select'), 'Gəncə');
    await pickSelectOption(page, formItem(page, 'Operator').locator('.ant-select'), 'operator@demo.az');
    for (const label of ['Nəqliyyat növü', 'FN əmsalı']) {
      const select = formItem(page, label).locator('.ant-select');
      await select.click();
      await expect(select).toHaveClass(/ant-select-open/);
      await select.locator('input').press('Enter');
      await expect(select).not.toHaveClass(/ant-select-open/);
    }
    const chosen = `№ ${parent.id} · ${parent.series} ${parent.start_number}-${parent.finish_number}`;
    const parentPicker = page.getByTestId('fn-parent-batch');
    await parentPicker.click();
    await parentPicker.locator('input').fill(parent.series);
    const listId = await parentPicker.locator('input').getAttribute('aria-controls');
    await page
      .locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) })
      .locator('.ant-select-item-option', { hasText: chosen })
      .click();
    await expect(parentPicker).toContainText(chosen);
    await page.getByTestId('fn-batch-save').click();
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/new-fn$/);

    const made = (await api.get<{ results: Batch[] }>(`/api/fn/batches/?series=${series}`)).results[0]!;
    expect(made.fnBase).toBe(parent.id);
    await page.getByTestId('filter-input-series').locator('input').fill(series);
    // The new batch is on the first page before the filter too: a click while the filtered answer replaces the rows
    // is lost (CI), so the list is read once that answer came.
    await expect(page).toHaveURL(new RegExp(`series=${series}`));
    await expect(page.getByTestId('list-total')).toHaveText('Cəmi: 1');
    await listAnswered(page);
    await expect(page.locator('.ant-table-row', { hasText: series })).toHaveCount(1);
    await page.getByTestId(`fn-batch-forms-${made.id}`).click();
    await expect(page.getByTestId('fn-parent-batch-line')).toHaveText(`Əsas buraxılış: ${chosen}`);
    await page.goto(`/app/new-fn-edit/${made.id}`);
    await expect(page.getByTestId('fn-parent-batch')).toContainText(chosen);
  });
});

test.describe('messages that say what happened (issue 30)', () => {
  test('the profile: an empty old password is required, the password rules are Azerbaijani', async ({ page }) => {
    await useSession(page, 'inspector@demo.az', '/app/user-profile');
    const form = page.getByTestId('profile-password-form');
    await form.getByLabel('Yeni şifrə', { exact: true }).fill('abc');
    await form.getByRole('button', { name: az.profile.savePassword }).click();
    await expect(errorUnder(page, 'Köhnə şifrə')).toHaveText(userMessages.oldPasswordRequired);
    await expect(errorUnder(page, 'Yeni şifrə')).toHaveText('Şifrə ən azı 8 simvoldan ibarət olmalıdır.');
    await form.getByLabel('Yeni şifrə', { exact: true }).fill('12345678');
    await expect(errorUnder(page, 'Yeni şifrə')).toHaveText(az.passwordRules.onlyDigits);
    await expect(form).not.toContainText('Password');
  });

  test('a lost connection says so (a banner while offline, the save fails with its message, the typed values stay); a server fault says so with its request id', async ({
    page,
    context,
  }) => {
    await useSession(page, 'admin@demo.az', '/app/region-create');
    const form = page.getByTestId('resource-form');
    await form.locator('#name').fill(`Əlaqəsiz ${Date.now().toString(36)}`);
    await form.locator('#coefficient').fill('1');

    await context.setOffline(true);
    await expect(page.getByTestId('connection-lost')).toHaveText(az.errors.offline);
    await page.getByTestId('resource-form-save').click();
    await expect(toast(page, az.errors.network)).toBeVisible();
    await expect(form.locator('#coefficient')).toHaveValue('1');
    await context.setOffline(false);
    await expect(page.getByTestId('connection-lost')).toHaveCount(0);

    await page.route('**/api/regions/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            headers: { 'x-request-id': 'e2e-fault-500' },
            body: JSON.stringify({ detail: 'A server error occurred.' }),
          })
        : route.continue(),
    );
    await page.getByTestId('resource-form-save').click();
    const fault = toast(page, az.errors.server);
    await expect(fault).toBeVisible();
    await expect(fault.getByTestId('toast-request-id')).toHaveText('Sorğunun kodu: e2e-fault-500');
  });
});

test.describe('layout and font (issue 30)', () => {
  test('the navigation column reaches the bottom of a long page, its menu in view', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 800 });
    await useSession(page, 'admin@demo.az', '/app/general-fn?per_page=100');
    await expect(page.locator('main .ant-table-row').nth(20)).toBeVisible();
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan(1600);
    for (const at of [0, pageHeight / 2, pageHeight]) {
      await page.evaluate((y) => window.scrollTo(0, y), at);
      const column = await page.getByTestId('side-navigation').evaluate((aside) => {
        const box = aside.getBoundingClientRect();
        return {
          top: box.top + window.scrollY,
          height: box.height,
          page: document.documentElement.scrollHeight,
          background: getComputedStyle(aside).backgroundColor,
        };
      });
      // The column (its background and border) runs from the top of the page to its bottom.
      expect(column.top).toBe(0);
      expect(column.height).toBeGreaterThanOrEqual(column.page - 1);
      expect(column.background).toBe('rgb(255, 255, 255)');
      // The menu stays where the person is.
      await expect(page.getByTestId('side-menu')).toBeInViewport();
    }
  });

  test('the payments list draws ₼ with the shipped Noto Sans', async ({ page }) => {
    await useSession(page, 'cashier@demo.az', '/app/fn-payment');
    await expect(page.locator('main').getByText(/₼/).first()).toBeVisible();
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      await document.fonts.load('16px "Noto Sans"', '₼');
      const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans');
      return {
        check: document.fonts.check('16px "Noto Sans"', '₼'),
        manatFaceLoaded: faces.some((f) => f.status === 'loaded' && /U\+20AD-20C0/i.test(f.unicodeRange)),
        bodyFont: getComputedStyle(document.querySelector('main')!).fontFamily,
      };
    });
    expect(font.check).toBe(true);
    expect(font.manatFaceLoaded).toBe(true);
    expect(font.bodyFont).toMatch(/^"?Noto Sans"?/);
  });
});
