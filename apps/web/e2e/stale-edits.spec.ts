import { toastMessages, versionMessages, type Group, type ResourceRecord, type User } from '@dnx/shared';
import type { Page } from '@playwright/test';
import { az } from '../src/i18n/az';
import { apiAs, uniqueEmail } from './support/access';
import { expect, screenshot, signIn, test, toast, useSession } from './support/fixtures';

const wide = { width: 1400, height: 1000 };

const nameField = (page: Page) => page.getByTestId('resource-form').getByLabel('Ad', { exact: true });

test.describe('two people editing one record', () => {
  test.use({ viewport: wide });

  test('the second save is refused in the form, naming what the first changed, and keeps the typing (issue 56)', async ({
    page: first,
    browser,
    baseURL,
  }) => {
    // Two people (two sessions of the administrator): two browser contexts, each with its own session.
    const secondContext = await browser.newContext({ baseURL, viewport: wide, locale: 'az-AZ' });
    const second = await secondContext.newPage();
    await signIn(first, 'admin@demo.az');
    await signIn(second, 'admin@demo.az');
    const api = await apiAs(first);
    const name = `Köhnə şirkət ${Date.now().toString(36).toUpperCase()}`;
    const company = await api.post<ResourceRecord>('/api/route-companies/', { name, status: 1 });
    const editPath = `/app/route-companies-edit/${company.id}`;

    for (const page of [first, second]) {
      await page.goto(editPath);
      await expect(nameField(page)).toHaveValue(name);
    }

    await nameField(first).fill(`${name} (birinci)`);
    await first.getByTestId('resource-form-save').click();
    await expect(toast(first, toastMessages.success)).toBeVisible();
    await expect(first).toHaveURL(/\/app\/route-companies/);

    // The second person still holds the version they opened: their save would silently replace the first's.
    await nameField(second).fill(`${name} (ikinci)`);
    await second.getByTestId('resource-form-save').click();
    const alert = second.getByTestId('stale-version-alert');
    await expect(alert).toContainText(versionMessages.stale);
    await expect(second).toHaveURL(new RegExp(`${editPath}$`));
    // In the form, in view, naming the field the other person changed; the typing is still there.
    await expect(alert).toBeInViewport();
    await expect(alert).toContainText(az.conflict.theirs.replace('{{names}}', 'Ad'));
    await expect(alert).toContainText(az.conflict.mine.replace('{{names}}', 'Ad'));
    await expect(nameField(second)).toHaveValue(`${name} (ikinci)`);
    await screenshot(second, 'stale-version-alert');

    // Taking theirs asks first; declining keeps the typing.
    await alert.getByTestId('stale-version-reload').click();
    await second.getByRole('button', { name: az.conflict.keep }).last().click();
    await expect(nameField(second)).toHaveValue(`${name} (ikinci)`);
    await alert.getByTestId('stale-version-keep').click();
    await expect(alert).toHaveCount(0);

    // Saved again, over the fresh version: the second person's name lands.
    await second.getByTestId('resource-form-save').click();
    await expect(toast(second, toastMessages.success)).toBeVisible();
    await expect(second).toHaveURL(/\/app\/route-companies/);

    const saved = await api.get<ResourceRecord>(`/api/route-companies/${company.id}/`);
    expect(saved).toMatchObject({ name: `${name} (ikinci)`, version: 3 });
    await secondContext.close();
  });

  test('the group form: a save by someone else meanwhile is shown on reload, and two saves in a row both land', async ({
    page,
  }) => {
    await useSession(page, 'admin@demo.az');
    const api = await apiAs(page);
    const name = `Növbə qrupu ${Date.now().toString(36).toUpperCase()}`;
    const group = await api.post<Group>('/api/user/groups/', { name, permissions: [] });
    await page.goto(`/app/user-groups-edit/${group.id}`);
    const groupName = page.getByLabel('Qrupun adı');
    await expect(groupName).toHaveValue(name);

    // Another person renames it after this form loaded it.
    const other = await page.request.put(`/api/user/groups/${group.id}/`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
      data: { name: `${name} (başqası)`, permissions: [], version: group.version },
    });
    expect(other.status()).toBe(200);

    await groupName.fill(`${name} (mən)`);
    await page.getByTestId('group-form-save').click();
    const alert = page.getByTestId('stale-version-alert');
    await expect(alert).toContainText(versionMessages.stale);
    await expect(alert).toContainText(az.conflict.theirs.replace('{{names}}', 'Qrupun adı'));
    await expect(groupName).toHaveValue(`${name} (mən)`);
    // Their value over the typing, once agreed to.
    await alert.getByTestId('stale-version-reload').click();
    await page.getByTestId('stale-version-confirm').click();
    await expect(alert).toHaveCount(0);
    await expect(groupName).toHaveValue(`${name} (başqası)`);

    // The form stays open after a save: the second save sends the version the first one answered.
    for (const suffix of ['(mən)', '(mən, yenə)']) {
      await groupName.fill(`${name} ${suffix}`);
      await page.getByTestId('group-form-save').click();
      await expect(toast(page, toastMessages.success)).toBeVisible();
      await expect
        .poll(async () => (await api.get<Group>(`/api/user/groups/${group.id}/`)).name)
        .toBe(`${name} ${suffix}`);
    }
    await expect(alert).toHaveCount(0);
    expect((await api.get<Group>(`/api/user/groups/${group.id}/`)).version).toBe(group.version + 3);
  });

  test('the user form: a stale save keeps the typing over the fresh account, and the last step waits for its save', async ({
    page,
  }) => {
    await useSession(page, 'admin@demo.az');
    const api = await apiAs(page);
    const [region] = await api.get<{ id: number }[]>('/api/regions/available/');
    const account = {
      email: uniqueEmail('stale'),
      first_name: 'Test',
      last_name: 'İstifadəçi',
      parent_name: 'Yoxlama',
      phone: '+994501112233',
      date_of_birth: '1990-04-15',
      region: region!.id,
      groups: [],
      user_permissions: [],
    };
    const created = await api.post<{ data: { data: User } }>('/api/user/users/create-account/', {
      ...account,
      password: 'Parol1234',
      confirm_password: 'Parol1234',
    });
    const user = created.data.data;
    await page.goto(`/app/user-edit/${user.id}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);

    // Another person changes the name after this form loaded the account.
    await api.post('/api/user/users/update-account/', {
      ...account,
      id: user.id,
      first_name: 'Başqası',
      version: user.version,
    });

    // From the person step: the access step, the confirmation, save.
    const renameAndSave = async (firstName: string) => {
      await page.getByLabel('Ad', { exact: true }).fill(firstName);
      await page.getByTestId('user-form-next').click();
      await page.getByText('Daxil etdiyim məlumatların düzgünlüyünü təsdiq edirəm').click();
      await page.getByTestId('user-form-save').click();
    };
    await page.getByTestId('user-form-next').click();
    await renameAndSave('Mən');
    const alert = page.getByTestId('stale-version-alert');
    await expect(alert).toContainText(versionMessages.stale);
    // The fresh account is on the first step, with this person's typing kept over it.
    await expect(page.getByTestId('user-form-step-0')).toBeVisible();
    await expect(page.getByLabel('Ad', { exact: true })).toHaveValue('Mən');
    await alert.getByTestId('stale-version-keep').click();
    await expect(alert).toHaveCount(0);
    // Through the person step (the typing still there) to the access step, and save.
    await page.getByTestId('user-form-next').click();
    await expect(page.getByTestId('user-form-step-1')).toBeVisible();
    await expect(page.getByLabel('Ad', { exact: true })).toHaveValue('Mən');
    await page.getByTestId('user-form-next').click();
    // The last step opens and waits: the confirmation, still ticked from before, does not send it by itself.
    await expect(page.getByTestId('user-form-step-2')).toBeVisible();
    await page.waitForTimeout(300);
    expect((await api.get<User>(`/api/user/users/${user.id}/`)).first_name).toBe('Başqası');
    // The confirmation was part of the typing kept: still ticked, so the save goes at once.
    await expect(
      page.getByRole('checkbox', { name: 'Daxil etdiyim məlumatların düzgünlüyünü təsdiq edirəm' }),
    ).toBeChecked();
    await page.getByTestId('user-form-save').click();
    await expect(toast(page, toastMessages.success)).toBeVisible();
    const saved = await api.get<User>(`/api/user/users/${user.id}/`);
    expect(saved).toMatchObject({ first_name: 'Mən', version: user.version + 2 });
  });
});
