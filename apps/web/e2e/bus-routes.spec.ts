import { busRouteMessages } from '@dnx/shared';
import type { Locator, Page } from '@playwright/test';
import { closeTourWithEscape, expect, searchList, test, toast, useSession } from './support/fixtures';
import { pickSelectOption } from './support/access';

/** The picker of a form field: Ant Design gives its input the field's name as id. */
const picker = (form: Locator, field: string) =>
  form.locator('.ant-select').filter({ has: form.page().locator(`#${field}`) });

/** The Baku day before today, as yyyy-mm-dd. */
function yesterdayInBaku(): string {
  const day = new Date(Date.now() - 24 * 3600_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku' }).format(day);
}

async function addStop(page: Page, index: number, name: string) {
  await page.getByTestId('route-point-add').click();
  // The new stop's name takes the focus.
  await expect(page.locator(`#route_points_${index}_name`)).toBeFocused();
  await page.keyboard.type(name);
}

test.describe('bus routes (issue 15)', () => {
  test('the regional head creates a route with three stops and two companies, changes its fare and the order of its stops, and reads both in the history', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await useSession(page, 'regional@demo.az');
    await closeTourWithEscape(page);
    const suffix = Date.now().toString(36).slice(-5).toUpperCase();
    const number = `E${suffix}`;
    const name = `Gənclik - Sahil ${suffix}`;

    await page.goto('/app/bus-routes');
    await page.getByTestId('create-bus-route').click();
    await expect(page).toHaveURL(/\/app\/bus-routes-create$/);
    const form = page.getByTestId('bus-route-form');

    // An empty form shows the error of every required slot under its field.
    await page.getByTestId('bus-route-form-save').click();
    for (const message of [
      busRouteMessages.transportTypeRequired,
      busRouteMessages.nameRequired,
      busRouteMessages.numberRequired,
      busRouteMessages.cityRequired,
      busRouteMessages.destinationCityRequired,
      busRouteMessages.coverRequired,
    ])
      await expect(form.locator('.ant-form-item-explain-error', { hasText: message })).toBeVisible();

    await pickSelectOption(page, picker(form, 'transport_type'), 'Avtobus');
    await form.locator('#name').fill(name);
    await form.locator('#number').fill(number);
    await pickSelectOption(page, picker(form, 'city'), 'Gəncə');
    await pickSelectOption(page, picker(form, 'destination_city'), 'Şəki');
    await form.locator('#cover').fill('Şəhərlərarası');
    await form.locator('#fare').fill('0,40');
    await pickSelectOption(page, picker(form, 'route_companies'), 'Gəncə Avtonəqliyyat ASC');
    await pickSelectOption(page, picker(form, 'route_companies'), 'Bakı Sərnişin Nəqliyyatı MMC');
    await page.keyboard.press('Escape');
    await addStop(page, 0, 'Gənclik');
    await addStop(page, 1, 'Sahil');
    await addStop(page, 2, 'Nərimanov');
    await expect(page.getByTestId('bus-route-drawing').locator('desc')).toHaveText(
      '3 dayanacaq, sıra ilə: Gənclik, Sahil, Nərimanov.',
    );
    await page.getByTestId('bus-route-form-save').click();
    await expect(toast(page, 'Əməliyyat müvəffəqiyyətlə yerinə yetirildi.')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/bus-routes(\?.*)?$/);

    await searchList(page, number, 1);
    const row = page.locator('main tr.ant-table-row', { hasText: number });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('0,40 ₼');
    await expect(row).toContainText('Gəncə Avtonəqliyyat ASC');
    await expect(row).toContainText('Bakı Sərnişin Nəqliyyatı MMC');
    await row.getByRole('link', { name: new RegExp(`^Redaktə et: ${number}`) }).click();
    await expect(page).toHaveURL(/\/app\/bus-routes-edit\/\d+$/);
    const editUrl = page.url();

    const edit = page.getByTestId('bus-route-form');
    await expect(edit.locator('#fare')).toHaveValue('0,40');
    await edit.locator('#fare').fill('0,50');
    // By keyboard: the first stop goes one place down, the focus follows it and the move is announced.
    await page.getByTestId('route-point-0-down').focus();
    await page.keyboard.press('Enter');
    await expect(edit.locator('#route_points_0_name')).toHaveValue('Sahil');
    await expect(edit.locator('#route_points_1_name')).toHaveValue('Gənclik');
    await expect(page.getByTestId('route-point-1-down')).toBeFocused();
    await expect(page.getByTestId('route-points-announcement')).toHaveText('«Gənclik» 2-ci yerə keçdi.');
    await page.getByTestId('bus-route-form-save').click();
    await expect(toast(page, 'Əməliyyat müvəffəqiyyətlə yerinə yetirildi.')).toBeVisible();

    const history = page.getByTestId('bus-route-history');
    const latest = history.locator('[data-action="update"]').first();
    await expect(latest).toContainText('Gediş haqqı: 0,40 ₼ → 0,50 ₼');
    await expect(latest).toContainText('«Gənclik» 1-ci yerdən 2-ci yerə keçdi');
    await expect(latest).toContainText('regional@demo.az');
    const created = history.locator('[data-action="create"]');
    await expect(created).toContainText('Şirkət əlavə olundu: Gəncə Avtonəqliyyat ASC');
    await expect(created).toContainText('Dayanacaq əlavə olundu: «Nərimanov» (3-cü yer)');

    // The day before it was made the route was not there; today it reads as saved, read-only.
    await page.goto(`${editUrl}?as_of=${yesterdayInBaku()}`);
    await expect(page.getByTestId('bus-route-as-of-missing')).toContainText(busRouteMessages.notYetThere);
    await page.getByTestId('bus-route-as-of-back').click();
    await expect(page.getByTestId('bus-route-form').locator('#fare')).toHaveValue('0,50');
  });
});
