import { resourceMessages, toastMessages, userMessages } from '@dnx/shared';
import type { Locator, Page } from '@playwright/test';
import { apiAs, errorUnder, uniqueEmail } from './support/access';
import {
  closeTourWithEscape,
  demoPassword,
  expect,
  listAnswered,
  pressUntilFocused,
  screenshot,
  signIn,
  test,
  toast,
} from './support/fixtures';

/*
 * Issue 11, part 2: the main flows with the keyboard alone. Every step under test is a key press
 * (page.keyboard); locators only look: where the focus is, whether it shows, what the screen says.
 */

const wide = { width: 1400, height: 900 };
/** The focus ring of styles.css: 2 px of the primary blue. */
const ringColor = 'rgb(11, 92, 171)';

/** A suffix that makes this run's names unique (names are unique per list, Azerbaijani-aware). */
const tag = () => Date.now().toString(36).toUpperCase();

/**
 * The focused element shows a ring a person can see: a solid outline of at least 2 px in the ring colour, on
 * the element or on the box that draws it for the element (a field's frame, a check box, a menu item).
 */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const rings = () =>
    target.evaluate((element) => {
      const boxes = [
        element,
        element.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-checkbox, .ant-menu-item'),
      ];
      return boxes
        .filter((box): box is Element => box !== null)
        .map((box) => {
          const style = getComputedStyle(box);
          return `${style.outlineStyle} ${parseFloat(style.outlineWidth) >= 2 ? '2px+' : 'thin'} ${style.outlineColor}`;
        });
    });
  // Polled: some rings fade in with the component's own transition.
  await expect.poll(rings, { message: 'a focus ring on the element or its box' }).toContain(`solid 2px+ ${ringColor}`);
}

/** WCAG 2.4.11: the focused element is on screen and not covered (by the sticky header or anything else). */
async function expectNotObscured(target: Locator) {
  const shown = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + Math.min(rect.height / 2, 8);
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (element === hit || element.contains(hit) || hit.contains(element));
  });
  expect(shown, 'the focused element is not hidden').toBe(true);
}

/** Whether the focus is inside the drawer holding `part` (Ant Design focuses the drawer's root on open). */
const focusInDrawer = (part: Locator) =>
  part.evaluate((element) => !!element.closest('.ant-drawer')?.contains(document.activeElement));

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

async function signInWithKeys(page: Page, email: string) {
  await page.goto('/signin');
  await expect(page.getByText('Mən robot deyiləm')).toBeVisible();
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page.getByLabel('Email'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page.getByLabel('Şifrə'));
  await page.keyboard.type(demoPassword);
  // The human-verification widget: its check box takes Space; the proof of work runs, then the button wakes.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Mən robot deyiləm' })).toBeFocused();
  await page.keyboard.press('Space');
  const submit = page.getByRole('button', { name: 'Daxil ol' });
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await page.keyboard.press('Tab');
  await expectVisibleFocus(submit);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/app\/sample-page$/);
  // A person presses the next key once the screen is there.
  await expect(page.getByRole('heading', { name: /^Xoş gəlmisiniz/ })).toBeVisible();
  await closeTourWithEscape(page);
}

test.describe('keyboard alone (issue 11)', () => {
  test.use({ viewport: wide });
  test.describe.configure({ timeout: 180_000 });

  test('sign in, skip link, menu, filter and search, next page, open, create with errors, delete, sign out', async ({
    page,
  }) => {
    await signInWithKeys(page, 'admin@demo.az');
    // The home's numbers are in: the first link of the main region is the first of them.
    await expect(page.getByTestId('statistics')).toBeVisible();

    // The skip link is the first stop, shows while focused and moves the focus to the main region.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Əsas məzmuna keç' });
    await expectVisibleFocus(skip);
    await expect(skip).toBeInViewport();
    await expectNotObscured(skip);
    await screenshot(page, 'keyboard-skip-link');
    await page.keyboard.press('Enter');
    const main = page.getByRole('main');
    await expectVisibleFocus(main);
    await page.keyboard.press('Tab');
    await expectVisibleFocus(main.getByTestId('statistic-link').first());
    await expect(skip).not.toBeInViewport();

    // The menu: back to it with Shift+Tab, arrows to the section, Enter opens it, arrows to the list, Enter.
    const menu = page.getByTestId('side-menu');
    await pressUntilFocused(page, 'Shift+Tab', menu);
    await expectVisibleFocus(menu);
    const section = menu.getByRole('menuitem', { name: 'Məlumat kitabçaları' });
    await pressUntilFocused(page, 'ArrowDown', section, 10);
    await expectVisibleFocus(section);
    await page.keyboard.press('Enter');
    const regionsLink = menu.getByRole('link', { name: 'Regionlar', exact: true });
    // A person sees the section open before moving into it: arrows pressed mid-opening walk past it.
    await expect(regionsLink).toBeVisible();
    await pressUntilFocused(page, 'ArrowDown', regionsLink, 10);
    await expectVisibleFocus(regionsLink);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/regions$/);
    // The new screen's heading takes the focus, so a screen reader announces it.
    await expectVisibleFocus(heading(page, 'Regionlar'));

    // Filter: the status picker opens with the arrow keys and takes the option with Enter.
    const statusFilter = page.getByTestId('filter-status').getByRole('combobox');
    await pressUntilFocused(page, 'Tab', statusFilter);
    await expectVisibleFocus(statusFilter);
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/status=1/);
    // Search: Shift+Tab back to the box, type, the list follows.
    const search = page.getByTestId('list-search').locator('input');
    await pressUntilFocused(page, 'Shift+Tab', search);
    await expectVisibleFocus(search);
    await page.keyboard.type('a');
    await expect(page).toHaveURL(/search=a/);
    // The list shows the last answer while the searched one loads: read the total and the first row once it came.
    await listAnswered(page);
    const total = page.getByTestId('list-total');
    await expect(total).not.toHaveText('Cəmi: 0');
    const found = Number((await total.innerText()).replace(/\D/g, ''));
    expect(found).toBeGreaterThan(10);
    await screenshot(page, 'keyboard-filtered-list');

    // The next page: Tab to the pager's "next" and press Enter.
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const firstName = rows.first().locator('td').nth(1);
    const firstOfPageOne = (await firstName.innerText()).trim();
    const next = page.locator('.ant-pagination-next');
    await pressUntilFocused(page, 'Tab', next, 80);
    await expectVisibleFocus(next);
    await expectNotObscured(next);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
    // The list keeps showing page 1 while page 2 loads: wait for its rows before reading one.
    await expect(firstName).not.toHaveText(firstOfPageOne);

    // Open a record: Shift+Tab up to the last row's edit link (one stop per link), Enter.
    const lastRow = rows.last();
    const recordName = (await lastRow.locator('td').nth(1).innerText()).trim();
    const edit = lastRow.getByRole('link', { name: /Redaktə et/ });
    await pressUntilFocused(page, 'Shift+Tab', edit, 20);
    await expectVisibleFocus(edit);
    await expectNotObscured(edit);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/region-edit\/\d+$/);
    await expectVisibleFocus(heading(page, 'Region: redaktə'));
    await expect(page.getByLabel('Regionun adı', { exact: true })).toHaveValue(recordName);
    // Back to the list as it was left: the same filter, search and page.
    const back = page.getByRole('link', { name: 'Geri' });
    await page.keyboard.press('Tab');
    await expectVisibleFocus(back);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/regions\?.*page=2/);
    await expect(page).toHaveURL(/status=1/);
    await expectVisibleFocus(heading(page, 'Regionlar'));

    // Create: the button is one stop; the form's save with nothing typed puts the focus on the first error.
    const create = page.getByTestId('create-record');
    await pressUntilFocused(page, 'Tab', create);
    await expectVisibleFocus(create);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/region-create$/);
    await expectVisibleFocus(heading(page, 'Region: yeni qeyd'));
    const save = page.getByTestId('resource-form-save');
    await pressUntilFocused(page, 'Tab', save);
    await expectVisibleFocus(save);
    await page.keyboard.press('Enter');
    const nameField = page.getByLabel('Regionun adı', { exact: true });
    await expect(errorUnder(page, 'Regionun adı')).toHaveText(resourceMessages.required('Regionun adı'));
    await expect(errorUnder(page, 'Əmsal')).toHaveText(resourceMessages.coefficientInvalid);
    await expectVisibleFocus(nameField);
    await expectNotObscured(nameField);
    await screenshot(page, 'keyboard-first-error');

    // A name that exists: the server refuses it, and the focus goes from where it was back to that field.
    await page.keyboard.type('BAKI');
    await page.keyboard.press('Tab');
    const coefficient = page.getByLabel('Əmsal', { exact: true });
    await expectVisibleFocus(coefficient);
    await page.keyboard.type('1,25');
    await page.keyboard.press('Enter');
    await expect(errorUnder(page, 'Regionun adı')).toHaveText(resourceMessages.nameTaken);
    await expectVisibleFocus(nameField);

    // Corrected and saved: back on the list, its heading focused.
    const name = `Klaviatura rayonu ${tag()}`;
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/regions/);
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expectVisibleFocus(heading(page, 'Regionlar'));

    // Delete with confirmation: find it, tick it with Space, open the dialog.
    await pressUntilFocused(page, 'Tab', search);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(name);
    await expect(total).toHaveText('Cəmi: 1');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
    const tick = row.getByRole('checkbox');
    await pressUntilFocused(page, 'Tab', tick);
    await expectVisibleFocus(tick);
    await page.keyboard.press('Space');
    await expect(tick).toBeChecked();
    const deleteSelected = page.getByTestId('delete-selected');
    await pressUntilFocused(page, 'Shift+Tab', deleteSelected);
    await expectVisibleFocus(deleteSelected);

    // The dialog takes the focus on its harmless button; Escape closes it and gives the focus back.
    const dialog = page.getByRole('dialog');
    const cancel = dialog.getByRole('button', { name: 'İmtina' });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expectVisibleFocus(cancel);
    await screenshot(page, 'keyboard-delete-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectVisibleFocus(deleteSelected);
    // Cancel does the same.
    await page.keyboard.press('Enter');
    await expectVisibleFocus(cancel);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expectVisibleFocus(deleteSelected);
    await expect(total).toHaveText('Cəmi: 1');
    // Tab stays inside the dialog; Sil deletes; the focus lands on the heading (the button is disabled now).
    await page.keyboard.press('Enter');
    await expectVisibleFocus(cancel);
    await page.keyboard.press('Tab');
    const confirm = dialog.getByRole('button', { name: 'Sil' });
    await expectVisibleFocus(confirm);
    await page.keyboard.press('Enter');
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(total).toHaveText('Cəmi: 0');
    await expect(dialog).toBeHidden();
    await expectVisibleFocus(heading(page, 'Regionlar'));

    // Sign out from the user menu: Shift+Tab to its button, Enter opens it, arrows to "Çıxış", Enter.
    const userMenu = page.getByTestId('user-menu');
    await pressUntilFocused(page, 'Shift+Tab', userMenu, 60);
    await expectVisibleFocus(userMenu);
    await page.keyboard.press('Enter');
    const signOut = page.getByRole('menuitem', { name: 'Çıxış' });
    await expect(signOut).toBeVisible();
    // Past profile, two layouts, three languages, two themes and the tour (issue 30).
    await pressUntilFocused(page, 'ArrowDown', signOut, 12);
    await expectVisibleFocus(signOut);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/signin$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('dialogs and drawers take the focus and give it back; a step of the user form focuses its field', async ({
    page,
  }) => {
    // Signing in is the other test's subject; here it is only the way in.
    await signIn(page, 'admin@demo.az');
    await closeTourWithEscape(page);

    // The user form: Enter on a step moves to the next one with the focus on its first field; "Növbəti"
    // with empty fields puts the focus on the first of them.
    await page.goto('/app/user-create');
    await expect(heading(page, 'Yeni istifadəçi')).toBeVisible();
    const email = page.getByLabel('Email', { exact: true });
    await pressUntilFocused(page, 'Tab', email);
    await page.keyboard.type(uniqueEmail('klaviatura'));
    await page.keyboard.press('Tab');
    await page.keyboard.type('Klaviatura1');
    // Past the password's show/hide button to the repeat.
    await pressUntilFocused(page, 'Tab', page.getByLabel('Şifrənin təkrarı', { exact: true }), 3);
    await page.keyboard.type('Klaviatura1');
    await page.keyboard.press('Enter');
    const firstName = page.getByLabel('Ad', { exact: true });
    await expect(page.getByTestId('user-form-step-1')).toBeVisible();
    await expectVisibleFocus(firstName);
    const next = page.getByTestId('user-form-next');
    await pressUntilFocused(page, 'Tab', next);
    await page.keyboard.press('Enter');
    await expect(errorUnder(page, 'Ad')).toHaveText(userMessages.firstNameRequired);
    await expectVisibleFocus(firstName);
    await expectNotObscured(firstName);

    // A group's delete (once a pop-up the keyboard could not reach): the dialog takes the focus on Cancel,
    // Escape gives it back to the button; Sil deletes and the heading takes the focus from the vanished row.
    const group = `Klaviatura qrupu ${tag()}`;
    await (await apiAs(page)).post('/api/user/groups/', { name: group, permissions: [] });
    await page.goto(`/app/user-groups?search=${encodeURIComponent(group)}`);
    const deleteGroup = page.getByRole('button', { name: `Qrupu sil: ${group}` });
    await expect(deleteGroup).toBeVisible();
    await pressUntilFocused(page, 'Tab', deleteGroup);
    await expectVisibleFocus(deleteGroup);
    const dialog = page.getByRole('dialog');
    await page.keyboard.press('Enter');
    await expectVisibleFocus(dialog.getByRole('button', { name: 'İmtina' }));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectVisibleFocus(deleteGroup);
    await page.keyboard.press('Enter');
    await expectVisibleFocus(dialog.getByRole('button', { name: 'İmtina' }));
    await page.keyboard.press('Tab');
    await expectVisibleFocus(dialog.getByRole('button', { name: 'Sil' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(deleteGroup).toHaveCount(0);
    await expectVisibleFocus(heading(page, 'İstifadəçi qrupları'));

    // The audit trail's drawer: the focus goes into it and back to the row's button on Escape.
    await page.goto('/app/audit-log');
    const open = page.getByRole('button', { name: /^Bax: / }).first();
    await expect(open).toBeVisible();
    await pressUntilFocused(page, 'Tab', open, 80);
    await expectVisibleFocus(open);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Audit qeydi' });
    await expect(drawer).toBeVisible();
    await expect.poll(() => focusInDrawer(drawer), { message: 'the focus is inside the drawer' }).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expectVisibleFocus(open);

    // Narrow screens: the navigation drawer. Escape gives the focus back to its button; a move to another
    // screen gives it to that screen's heading.
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/app/sample-page');
    const openMenu = page.getByRole('button', { name: 'Menyunu aç' });
    await expect(openMenu).toBeVisible();
    await pressUntilFocused(page, 'Tab', openMenu);
    await expectVisibleFocus(openMenu);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog').getByTestId('side-menu');
    await expect(menu).toBeVisible();
    await expect.poll(() => focusInDrawer(menu), { message: 'the focus is inside the navigation drawer' }).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expectVisibleFocus(openMenu);
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await pressUntilFocused(page, 'Tab', menu, 10);
    const section = menu.getByRole('menuitem', { name: 'Məlumat kitabçaları' });
    await pressUntilFocused(page, 'ArrowDown', section, 10);
    await page.keyboard.press('Enter');
    const regions = menu.getByRole('link', { name: 'Regionlar', exact: true });
    await pressUntilFocused(page, 'ArrowDown', regions, 10);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/regions$/);
    await expect(menu).toBeHidden();
    await expectVisibleFocus(heading(page, 'Regionlar'));
  });
});
