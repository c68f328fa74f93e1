import { readFileSync } from 'node:fs';
import { toastMessages, userMessages, type Group, type User } from '@dnx/shared';
import type { Browser, Page } from '@playwright/test';
import {
  apiAs,
  assign,
  createUserViaApi as createUser,
  errorUnder,
  expectedMenu,
  pickSelectOption,
  shownMenu,
  uniqueEmail,
} from './support/access';
import { az } from '../src/i18n/az';
import {
  confirmWithPassword,
  demoPassword,
  expect,
  screenshot,
  searchList,
  signIn,
  test,
  toast,
  toasts,
  useSession,
} from './support/fixtures';

const wide = { width: 1400, height: 1000 };
const password = 'Operator2024';

/**
 * A second person in their own browser context. Before a screenshot the page in use comes to the front: a
 * page behind another window may hold its animations, and the screenshot waits for them to settle.
 */
const inFront = async (page: Page) => {
  await page.bringToFront();
  return page;
};

async function newSignedInPage(browser: Browser, email: string, pass = demoPassword) {
  const context = await browser.newContext({ viewport: wide });
  const page = await context.newPage();
  await signIn(page, email, pass);
  return inFront(page);
}

/** A user made through the API as the admin, for tests whose subject is not the form. */
const createUserViaApi = (admin: Page, email: string, groupCode: string | null) =>
  createUser(admin, email, groupCode, password);

test.describe('users, groups and profile', () => {
  test.use({ viewport: wide });

  test('the admin creates an operator in three steps; the operator sees exactly the F menu', async ({
    page,
    browser,
  }) => {
    await useSession(page, 'admin@demo.az', '/app/users');
    await expect(page.getByTestId('users-page')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'admin@demo.az', exact: true })).toBeVisible();
    await screenshot(page, 'users-list');

    await page.getByTestId('create-user').click();
    await expect(page).toHaveURL(/\/app\/user-create$/);

    // Step 1, account: every error slot under its field, then the live uniqueness check.
    await page.getByTestId('user-form-next').click();
    await expect(errorUnder(page, 'Email')).toHaveText(userMessages.emailRequired);
    // The password rules in the screen's language (issue 30), not the reset screen's English.
    await expect(errorUnder(page, 'Şifrə')).toHaveText(az.passwordRules.required);
    await expect(errorUnder(page, 'Şifrənin təkrarı')).toHaveText(az.passwordRules.confirmRequired);
    await page.getByLabel('Email', { exact: true }).fill('admin@demo.az');
    await expect(errorUnder(page, 'Email')).toHaveText(userMessages.emailTaken);
    await page.getByLabel('Şifrə', { exact: true }).fill('12345678');
    await expect(errorUnder(page, 'Şifrə')).toHaveText(az.passwordRules.onlyDigits);
    await page.getByLabel('Şifrənin təkrarı', { exact: true }).fill('different1');
    await expect(errorUnder(page, 'Şifrənin təkrarı')).toHaveText(az.passwordRules.mismatch);
    await screenshot(page, 'user-create-step-1-errors');

    const email = uniqueEmail('operator');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Şifrə', { exact: true }).fill(password);
    await page.getByLabel('Şifrənin təkrarı', { exact: true }).fill(password);
    await page.getByTestId('user-form-next').click();

    // Step 2, person.
    const person = page.getByTestId('user-form-step-1');
    await expect(person).toBeVisible();
    await page.getByTestId('user-form-next').click();
    await expect(errorUnder(page, 'Ad')).toHaveText(userMessages.firstNameRequired);
    await expect(errorUnder(page, 'Soyad')).toHaveText(userMessages.lastNameRequired);
    await expect(errorUnder(page, 'Ata adı')).toHaveText(userMessages.parentNameRequired);
    await expect(errorUnder(page, 'Telefon')).toHaveText(userMessages.phoneInvalid);
    await expect(errorUnder(page, 'Doğum tarixi')).toHaveText(userMessages.birthDayRequired);
    await expect(errorUnder(page, 'Region')).toHaveText(userMessages.regionRequired);
    await screenshot(page, 'user-create-step-2-errors');
    await page.getByLabel('Ad', { exact: true }).fill('Orxan');
    await page.getByLabel('Soyad', { exact: true }).fill('Məmmədov');
    await page.getByLabel('Ata adı', { exact: true }).fill('Əli');
    await page.getByLabel('Telefon', { exact: true }).fill('+994501234567');
    await page.getByLabel('Doğum tarixi', { exact: true }).fill('15.04.1990');
    await page.getByLabel('Doğum tarixi', { exact: true }).press('Enter');
    await pickSelectOption(page, person.locator('.ant-select').filter({ has: page.getByLabel('Region') }), 'Gəncə');
    await expect(page.getByLabel('Doğum tarixi', { exact: true })).toHaveValue('15.04.1990');
    await page.getByTestId('user-form-next').click();

    // Step 3, access: the Operator group through the assign window; confirmInfos must be ticked.
    await expect(page.getByTestId('user-form-step-2')).toBeVisible();
    await assign(page.getByTestId('assign-groups'), 'Operator', ['Operator']);
    await page.getByTestId('user-form-save').click();
    await expect(page.getByText(userMessages.confirmInfosRequired)).toBeVisible();
    await page.getByText('Daxil etdiyim məlumatların düzgünlüyünü təsdiq edirəm').click();
    await screenshot(page, 'user-create-step-3');
    await page.getByTestId('user-form-save').click();
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/users$/);

    // The new account is in the list, found by search (kept in the URL).
    await searchList(page, email, 1);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row.getByText('Operator', { exact: true })).toBeVisible();
    await expect(row.getByText('Gəncə')).toBeVisible();

    // The operator signs in and sees exactly what the matrix gives role F.
    const operator = await newSignedInPage(browser, email, password);
    const expected = expectedMenu('operator');
    expect(expected.paths.length).toBeGreaterThan(1);
    expect(await shownMenu(operator.getByTestId('side-menu').first())).toEqual(expected);
    await screenshot(await inFront(operator), 'operator-menu');
    await operator.goto('/app/users');
    await expect(operator.getByText('Giriş qadağandır')).toBeVisible();
    await screenshot(await inFront(operator), 'operator-forbidden-users');
    await operator.context().close();
  });

  test('the admin edits a user; the step returns to the first and the password stays unchanged', async ({ page }) => {
    // Signed in here, not with the worker's session: the step-up asked below depends on how recent the sign-in is.
    await signIn(page, 'admin@demo.az');
    const email = uniqueEmail('edit');
    const user = await createUserViaApi(page, email, 'inspector');
    await page.goto(`/app/user-edit/${user.id}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Şifrə', { exact: true })).toHaveValue('');
    // Its own address is not "taken".
    await page.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByTestId('user-form-next').click();
    await expect(page.getByLabel('Ad', { exact: true })).toHaveValue('Test');
    await expect(page.getByLabel('Doğum tarixi', { exact: true })).toHaveValue('15.04.1990');
    await page.getByLabel('Ad', { exact: true }).fill('Tural');
    await page.getByTestId('user-form-next').click();
    await assign(page.getByTestId('assign-permissions'), 'Avtobus', ['Avtobus marşrutu: baxış']);
    await page.getByText('Daxil etdiyim məlumatların düzgünlüyünü təsdiq edirəm').click();
    await screenshot(page, 'user-edit-step-3');
    await page.getByTestId('user-form-save').click();
    // A change of another account's permissions asks the administrator's fresh confirmation (issue 40).
    await confirmWithPassword(page);
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(page.getByTestId('user-form-step-0')).toBeVisible();
    await expect(page.getByLabel('Şifrə', { exact: true })).toHaveValue('');

    const api = await apiAs(page);
    const saved = await api.get<User>(`/api/user/users/${user.id}/`);
    expect(saved.first_name).toBe('Tural');
    expect(saved.user_permissions).toHaveLength(1);
    // The password was not sent, so it still works.
    const again = await newSignedInPage(page.context().browser()!, email, password);
    await again.context().close();
  });

  test('an editor who is not the administrator mails a reset link instead of setting a password', async ({
    page,
    browser,
  }) => {
    await useSession(page, 'admin@demo.az');
    const api = await apiAs(page);
    const all = await api.get<{ id: number; code: string }[]>('/api/user/permissions/');
    const editors = await api.post<Group>('/api/user/groups/', {
      name: `Redaktorlar ${uniqueEmail('g').split('@')[0]}`,
      permissions: all.filter((p) => ['view_user', 'change_user'].includes(p.code)).map((p) => p.id),
    });
    const editorEmail = uniqueEmail('editor');
    const editor = await createUserViaApi(page, editorEmail, null);
    await api.post('/api/user/users/update-account/', {
      id: editor.id,
      version: editor.version,
      email: editor.email,
      first_name: editor.first_name,
      last_name: editor.last_name,
      parent_name: editor.parent_name,
      phone: editor.phone,
      date_of_birth: editor.date_of_birth,
      region: editor.region,
      is_active: true,
      groups: [editors.id],
      user_permissions: [],
    });
    const person = await createUserViaApi(page, uniqueEmail('person'), null);
    const editorPage = await newSignedInPage(browser, editorEmail, password);
    await editorPage.goto(`/app/user-edit/${person.id}`);
    await expect(editorPage.getByLabel('Email', { exact: true })).toHaveValue(person.email);
    await expect(editorPage.getByLabel('Şifrə', { exact: true })).toHaveCount(0);
    await editorPage.getByTestId('send-password-reset').click();
    await expect(toast(editorPage, toastMessages.success)).toBeVisible();
    await editorPage.context().close();
  });

  test('the users list keeps its state in the URL, exports and deletes in bulk', async ({ page }) => {
    // Signed in here, not with the worker's session: the step-up asked below depends on how recent the sign-in is.
    await signIn(page, 'admin@demo.az');
    const tag = Date.now().toString(36);
    const doomed = [uniqueEmail(`bulk${tag}`), uniqueEmail(`bulk${tag}`)];
    for (const email of doomed) await createUserViaApi(page, email, null);

    await page.goto('/app/users?per_page=25&order_by=email&order=asc');
    await expect(page.getByTestId('page-size')).toContainText('25');
    await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByTestId('page-size').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Hamısı').click();
    await expect(page).toHaveURL(/per_page=all/);

    await searchList(page, `bulk${tag}`, 2);

    // CSV of what the filter selects: a UTF-8 BOM, the header, the two rows.
    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('export').click();
    await page.getByRole('menuitem', { name: 'CSV faylı' }).click();
    const csv = readFileSync((await (await csvDownload).path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('Email,Soyad,Ad');
    for (const email of doomed) expect(csv).toContain(email);
    expect(csv.trim().split('\r\n')).toHaveLength(3);

    const xlsxDownload = page.waitForEvent('download');
    await page.getByTestId('export').click();
    await page.getByRole('menuitem', { name: 'Excel faylı' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/^İstifadəçilər-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(
      readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    await page.locator('thead .ant-checkbox-input').check();
    await page.getByTestId('delete-selected').click();
    await expect(page.getByText('Seçilmiş 2 qeyd silinəcək.', { exact: false })).toBeVisible();
    await screenshot(page, 'users-bulk-delete-confirm');
    await page.getByTestId('confirm-delete').click();
    await confirmWithPassword(page);
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(page.getByTestId('list-total')).toHaveText('Cəmi: 0');
  });

  test('a group is created, edited and deleted; role groups are read-only', async ({ page }) => {
    await useSession(page, 'admin@demo.az', '/app/user-groups');
    await expect(page.getByRole('cell', { name: 'Administrator', exact: true })).toBeVisible();
    await screenshot(page, 'groups-list');

    await page.getByTestId('create-group').click();
    await page.getByTestId('group-form-save').click();
    await expect(errorUnder(page, 'Qrupun adı')).toHaveText(userMessages.groupNameRequired);
    const name = `Yoxlama qrupu ${Date.now().toString(36)}`;
    await page.getByLabel('Qrupun adı').fill(name);
    await assign(page.getByTestId('assign-group-permissions'), 'Region', ['Region: baxış', 'Region: əlavə etmə']);
    await screenshot(page, 'group-create');
    await page.getByTestId('group-form-save').click();
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/user-groups$/);

    await searchList(page, name, 1);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
    await row.getByRole('link', { name: /Redaktə et/ }).click();
    await expect(page.getByTestId('group-form')).toBeVisible();
    await expect(page.getByLabel('Qrupun adı')).toHaveValue(name);
    await page.getByLabel('Qrupun adı').fill(`${name} (yeni)`);
    await page.getByTestId('group-form-save').click();
    // The create's toast may still be showing: the same text restarts it, or replaces it as it fades, never stacks.
    await expect(toasts(page, toastMessages.success)).toHaveCount(1);
    await expect(toast(page, toastMessages.success)).toBeVisible();

    await page.goto(`/app/user-groups?search=${encodeURIComponent(name)}`);
    const renamed = page.getByRole('row').filter({ hasText: `${name} (yeni)` });
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: /Qrupu sil/ }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(renamed).toHaveCount(0);

    await page.goto('/app/user-groups?search=Operator');
    await page
      .getByRole('row')
      .filter({ hasText: 'Operator' })
      .getByRole('link', { name: /Redaktə et/ })
      .click();
    await expect(page.getByTestId('role-group-note')).toBeVisible();
    await expect(page.getByLabel('Qrupun adı')).toBeDisabled();
    await expect(page.getByTestId('group-form-save')).toHaveCount(0);
    await screenshot(page, 'group-role-read-only');
  });

  test('a deactivated user is signed out on the next request', async ({ page, browser }) => {
    // Signed in here, not with the worker's session: the step-up asked below depends on how recent the sign-in is.
    await signIn(page, 'admin@demo.az');
    const email = uniqueEmail('deactivate');
    const user = await createUserViaApi(page, email, 'cashier');
    const victim = await newSignedInPage(browser, email, password);
    await expect(victim).toHaveURL(/\/app\/sample-page$/);

    await inFront(page);
    await page.goto(`/app/users?search=${encodeURIComponent(email)}`);
    const status = page.getByTestId(`user-status-${user.id}`);
    await expect(status).toBeChecked();
    await status.click();
    await confirmWithPassword(page);
    await expect(toast(page, toastMessages.success)).toBeVisible();
    await expect(status).not.toBeChecked();
    await screenshot(await inFront(page), 'users-deactivated');

    // The victim's next call is refused and the session ends at sign-in.
    await victim.goto('/app/user-profile');
    await expect(victim).toHaveURL(/\/signin/);
    await victim.context().close();
  });

  test('profile: phone and password with their error slots', async ({ page, browser }) => {
    await useSession(page, 'admin@demo.az');
    const email = uniqueEmail('profile');
    await createUserViaApi(page, email, 'inspector');
    const me = await newSignedInPage(browser, email, password);
    await me.goto('/app/user-profile');
    await expect(me.getByTestId('profile-page')).toBeVisible();

    await me.getByLabel('Telefon', { exact: true }).fill('055 123');
    await me.getByRole('button', { name: 'Telefonu yadda saxla' }).click();
    await expect(errorUnder(me, 'Telefon')).toHaveText(userMessages.phoneInvalid);
    await me.getByLabel('Telefon', { exact: true }).fill('+994557654321');
    await me.getByRole('button', { name: 'Telefonu yadda saxla' }).click();
    await expect(toast(me, toastMessages.success)).toBeVisible();

    await me.getByRole('button', { name: 'Şifrəni dəyiş' }).click();
    await expect(errorUnder(me, 'Köhnə şifrə')).toHaveText(userMessages.oldPasswordRequired);
    await expect(errorUnder(me, 'Yeni şifrə')).toHaveText(az.passwordRules.required);
    await expect(errorUnder(me, 'Yeni şifrənin təkrarı')).toHaveText(az.passwordRules.confirmRequired);
    await me.getByLabel('Köhnə şifrə', { exact: true }).fill('Wrong-password-1');
    await me.getByLabel('Yeni şifrə', { exact: true }).fill('Yeni2024parol');
    await me.getByLabel('Yeni şifrənin təkrarı', { exact: true }).fill('Yeni2024parol');
    await me.getByRole('button', { name: 'Şifrəni dəyiş' }).click();
    await expect(errorUnder(me, 'Köhnə şifrə')).toHaveText(userMessages.oldPasswordWrong);
    await screenshot(await inFront(me), 'profile-errors');
    await me.getByLabel('Köhnə şifrə', { exact: true }).fill(password);
    await me.getByRole('button', { name: 'Şifrəni dəyiş' }).click();
    await expect(toast(me, toastMessages.success)).toBeVisible();
    await expect(me.getByLabel('Köhnə şifrə', { exact: true })).toHaveValue('');
    await screenshot(await inFront(me), 'profile');
    await me.context().close();
  });
});
