import { authMessages } from '@dnx/shared';
import {
  demoPassword,
  expect,
  fillSignin,
  openUserMenu,
  passCaptcha,
  screenshot,
  sentMail,
  signIn,
  test,
  waitForResetLink,
} from './support/fixtures';

test.describe('sign-in', () => {
  test('a demo user signs in and lands on the home page', async ({ page }) => {
    await signIn(page, 'central@demo.az');
    await expect(page).toHaveURL(/\/app\/sample-page$/);
    await expect(page.getByRole('heading', { name: /Xoş gəlmisiniz, Aygün Həsənova/ })).toBeVisible();
    const stored = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(stored).toEqual(['refresh_token', 'token']);
  });

  test('submit stays disabled until the widget gives a token', async ({ page }) => {
    await page.goto('/signin');
    await fillSignin(page, 'central@demo.az', demoPassword);
    await expect(page.getByRole('button', { name: 'Daxil ol' })).toBeDisabled();
    await passCaptcha(page);
  });

  test('a wrong password returns the form to its first state and shows the message for 3 s', async ({ page }) => {
    await page.goto('/signin');
    await fillSignin(page, 'central@demo.az', 'Wrong12345');
    await passCaptcha(page);
    await page.getByRole('button', { name: 'Daxil ol' }).click();
    const error = page.getByTestId('signin-error');
    await expect(error).toHaveText(authMessages.wrongCredentials);
    await screenshot(page, 'signin-wrong-password');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Şifrə')).toHaveValue('');
    // A fresh widget: the spent token is gone, so submit is disabled again.
    await expect(page.getByRole('button', { name: 'Daxil ol' })).toBeDisabled();
    await expect(error).toBeHidden({ timeout: 4_500 });
  });

  test('each validation message of the sign-in form', async ({ page }) => {
    await page.goto('/signin');
    await passCaptcha(page);
    await page.getByRole('button', { name: 'Daxil ol' }).click();
    await expect(page.getByText(authMessages.emailRequired)).toBeVisible();
    await expect(page.getByText(authMessages.passwordRequired)).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Daxil ol' }).click();
    await expect(page.getByText(authMessages.emailInvalid)).toBeVisible();
    await screenshot(page, 'signin-validation');
  });

  test('a deep link while signed out returns there after sign-in', async ({ page }) => {
    await page.goto('/app/users?page=2');
    await expect(page).toHaveURL(/\/signin\?next=%2Fapp%2Fusers%3Fpage%3D2$/);
    await signIn(page, 'admin@demo.az');
    await expect(page).toHaveURL(/\/app\/users\?page=2$/);
  });

  test('/ goes to the landing page when signed in', async ({ page }) => {
    await signIn(page, 'operator@demo.az');
    await page.goto('/');
    await expect(page).toHaveURL(/\/app\/sample-page$/);
  });

  test('sign-out clears the session; the old refresh token is refused', async ({ page, request }) => {
    await signIn(page, 'regional@demo.az');
    const refresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
    await openUserMenu(page);
    await page.getByText('Çıxış').click();
    await expect(page).toHaveURL(/\/signin$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/app/sample-page');
    await expect(page).toHaveURL(/\/signin\?next=/);
    const res = await request.post('/api/refresh/', { data: { refresh } });
    expect(res.status()).toBe(401);
  });

  test('a stored token that no longer verifies sends the user to sign-in with the location', async ({ page }) => {
    await page.goto('/signin');
    await page.evaluate(() => {
      localStorage.setItem('token', 'not.a.token');
      localStorage.setItem('refresh_token', 'not.a.token');
    });
    await page.goto('/app/fn-payment');
    await expect(page).toHaveURL(/\/signin\?next=%2Fapp%2Ffn-payment$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});

test.describe('password recovery', () => {
  test('forgot-password validation messages', async ({ page }) => {
    await page.goto('/forget-password');
    await page.getByRole('button', { name: 'Göndər' }).click();
    await expect(page.getByText(authMessages.forgotEmailRequired, { exact: true })).toBeVisible();
    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: 'Göndər' }).click();
    await expect(page.getByText(authMessages.forgotEmailInvalid)).toBeVisible();
  });

  test('an invalid reset link sends the user to sign-in', async ({ page }) => {
    await page.goto('/reset-password/not-a-real-token');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('an administrator sees the mails the system sent, with their state and never their bodies', async ({ page }) => {
    const before = sentMail().length;
    const asked = await page.request.post('/api/user/users/forgot-password/', { data: { email: 'regional@demo.az' } });
    expect(asked.ok()).toBe(true);
    await waitForResetLink('regional@demo.az', before);
    await signIn(page, 'admin@demo.az');
    await page.goto('/app/mail-outbox');
    const list = page.getByTestId('mail-outbox-page');
    await page.getByTestId('list-search').locator('input').fill('regional@demo.az');
    await expect(page).toHaveURL(/search=/);
    const row = list.locator('tr.ant-table-row', { hasText: 'regional@demo.az' }).first();
    await expect(row).toContainText('Şifrənin bərpası');
    await expect(row).toContainText('Göndərilib');
    await expect(list).not.toContainText('/reset-password/');
    await screenshot(page, 'mail-outbox');
  });

  test('forgot, mail over SMTP, reset, sign in with the new password, the old one refused', async ({ page }) => {
    const email = 'cashier@demo.az';
    const newPassword = 'Yeni2026parol';
    const before = sentMail().length;

    await page.goto('/forget-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Göndər' }).click();
    await expect(page.getByTestId('forgot-success')).toBeVisible();
    await screenshot(page, 'forget-password-sent');
    await expect(page).toHaveURL(/\/signin$/, { timeout: 6_000 });

    const link = await waitForResetLink(email, before);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Yeni şifrə' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Şifrəni yenilə' });
    await submit.click();
    await expect(page.getByText(authMessages.resetPasswordRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(authMessages.resetConfirmRequired)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('short1');
    await submit.click();
    await expect(page.getByText(authMessages.resetPasswordTooShort)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('12345678');
    await submit.click();
    await expect(page.getByText(authMessages.resetPasswordOnlyDigits)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('abcdefgh');
    await submit.click();
    await expect(page.getByText(authMessages.resetPasswordOnlyLetters)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password').fill('Other2026parol');
    await submit.click();
    await expect(page.getByText(authMessages.resetPasswordsDiffer)).toBeVisible();
    await screenshot(page, 'reset-password-validation');
    await page.getByLabel('Confirm Password').fill(newPassword);
    await submit.click();
    await expect(page.getByTestId('reset-success')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/, { timeout: 6_000 });

    // The old password is refused, the new one works, and the link is spent.
    await fillSignin(page, email, demoPassword);
    await passCaptcha(page);
    await page.getByRole('button', { name: 'Daxil ol' }).click();
    await expect(page.getByTestId('signin-error')).toHaveText(authMessages.wrongCredentials);
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/app\/sample-page$/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/signin$/);

    // Put the demo password back through the same flow, for whoever uses this account next.
    const again = sentMail().length;
    const forgot = await page.request.post('/api/user/users/forgot-password/', { data: { email } });
    expect(forgot.ok()).toBe(true);
    const token = (await waitForResetLink(email, again)).split('/').pop()!;
    const reset = await page.request.post('/api/user/users/reset-password/', {
      data: { token, password: demoPassword, confirm_password: demoPassword },
    });
    expect(reset.ok()).toBe(true);
  });
});
