import type { CurrentUserResponse } from '@dnx/shared';
import type { Browser } from '@playwright/test';
import { createUserViaApi, uniqueEmail } from './support/access';
import { expect, openUserMenu, signIn, test, useSession } from './support/fixtures';

const wide = { width: 1400, height: 1000 };
const password = 'Dilsecimi2024';

/** A new browser context is a fresh device: nothing of the last one but what the server keeps. */
async function freshDevice(browser: Browser) {
  const context = await browser.newContext({ viewport: wide });
  return context.newPage();
}

test.describe('languages (issue 30)', () => {
  test.use({ viewport: wide });

  test('the sign-in page switches to Russian and English, and keeps the choice over a reload', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sistemə giriş');
    await page.getByTestId('language-ru').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход в систему');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByTestId('language-ru')).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход в систему');
    // The password recovery page (Ant Design's shell) follows.
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Восстановление пароля');
    await page.getByTestId('language-en').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password recovery');
    await page.getByTestId('language-az').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Şifrənin bərpası');
  });

  test('Russian from the user menu: the screen and a server error change, and stay after a reload and on another device', async ({
    page,
    browser,
  }) => {
    await useSession(page, 'admin@demo.az');
    const email = uniqueEmail('lang.ru');
    await createUserViaApi(page, email, 'inspector', password);

    const user = await freshDevice(browser);
    await signIn(user, email, password);
    await openUserMenu(user);
    await user.getByTestId('menu-language-ru').click();
    await expect(user.locator('html')).toHaveAttribute('lang', 'ru');
    await openUserMenu(user);
    await expect(user.getByRole('menuitem', { name: 'Профиль' })).toBeVisible();
    await expect(user.getByTestId('menu-language-ru')).toHaveAttribute('aria-checked', 'true');
    await user.getByRole('menuitem', { name: 'Профиль' }).click();
    await expect(user).toHaveTitle(/^Профиль — /);

    // A wrong old password is the server's to judge: its message comes back in Russian.
    const form = user.getByTestId('profile-password-form');
    await form.getByLabel('Старый пароль').fill('Yanlis12345');
    await form.getByLabel('Новый пароль', { exact: true }).fill('Yeni123456');
    await form.getByLabel('Подтверждение нового пароля').fill('Yeni123456');
    await form.getByRole('button', { name: 'Сменить пароль' }).click();
    await expect(form.locator('.ant-form-item-explain-error')).toHaveText('Старый пароль неверен.');

    // Kept on the server: a reload, and a sign-in on another device, open in Russian.
    await user.reload();
    await expect(user).toHaveTitle(/^Профиль — Система управления FN$/);
    await expect(user.getByTestId('profile-page').getByText('Смена пароля', { exact: true })).toBeVisible();
    const token = await user.evaluate(() => localStorage.getItem('token'));
    const me = await user.request.post('/api/user/current-user/', { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as CurrentUserResponse).user!.preferences.language).toBe('ru');
    const other = await freshDevice(browser);
    await signIn(other, email, password);
    await expect(other.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(other.getByTestId('user-menu')).toBeVisible();
    await openUserMenu(other);
    await expect(other.getByRole('menuitem', { name: 'Выход' })).toBeVisible();
  });
});
