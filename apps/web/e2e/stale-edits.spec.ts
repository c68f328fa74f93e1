import { toastMessages, versionMessages, type Group, type ResourceRecord, type User } from '@dnx/shared';
import type { Page } from '@playwright/test';
import { apiAs, uniqueEmail } from './support/access';
import { expect, screenshot, signIn, test, toast, useSession } from './support/fixtures';

const wide = { width: 1400, height: 1000 };

const nameField = (page: Page) => page.getByTestId('resource-form').getByLabel('Ad', { exact: true });

test.describe('two people editing one record', () => {
  test.use({ viewport: wide });

  test('the second save is refused with the stale message; reloading shows the first save, and saving again works', async ({
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
    await screenshot(second, 'stale-version-alert');

    await alert.getByRole('button', { name: 'Yenidən yüklə' }).click();
    await expect(alert).toHaveCount(0);
    await expect(nameField(second)).toHaveValue(`${name} (birinci)`);

    await nameField(second).fill(`${name} (ikinci)`);
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
    await alert.getByRole('button', { name: 'Yenidən yüklə' }).click();
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

  test('the user form: a stale save offers the reload, which shows the other save on the first step', async ({
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
    await alert.getByRole('button', { name: 'Yenidən yüklə' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByTestId('user-form-step-0')).toBeVisible();
    await page.getByTestId('user-form-next').click();
    await expect(page.getByLabel('Ad', { exact: true })).toHaveValue('Başqası');
    await renameAndSave('Mən');
    await expect(toast(page, toastMessages.success)).toBeVisible();
    const saved = await api.get<User>(`/api/user/users/${user.id}/`);
    expect(saved).toMatchObject({ first_name: 'Mən', version: user.version + 2 });
  });
});
