import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiAs, createUserViaApi, uniqueEmail } from './support/access';
import { audit, report, type Finding } from './support/axe';
import {
  confirmWithPassword,
  expect,
  fillSignin,
  openUserMenu,
  passCaptcha,
  screenshot,
  signIn,
  test,
} from './support/fixtures';

const password = 'Ikinci2024';

/** The code an authenticator app shows `steps` periods from now, computed from the key the screen showed. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** The password step of the sign-in screen; what follows is the test's. */
async function passwordStep(page: Page, email: string) {
  await page.goto('/signin');
  await fillSignin(page, email, password);
  await passCaptcha(page);
  await page.getByRole('button', { name: 'Daxil ol' }).click();
}

test.describe('a second factor for staff', () => {
  test('a user enrols an authenticator app from the profile, then signs in with its code and with a recovery code', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin@demo.az');
    const email = uniqueEmail('mfa');
    await createUserViaApi(page, email, 'central', password);

    const user = await freshPage(browser, baseURL);
    await signIn(user, email, password);
    await user.goto('/app/user-profile');
    const card = user.getByTestId('profile-mfa');
    await expect(card).toContainText('Qoşulmayıb');
    await card.getByTestId('mfa-enrol').click();
    // A session alone adds no factor (issue 40): the password first, in the step-up dialog.
    await expect(user.getByTestId('step-up-password')).toBeFocused();
    const confirmFindings = await audit(
      user,
      'profile: the password before a factor',
      '[data-testid="step-up-dialog"]',
    );
    await confirmWithPassword(user, password);
    await expect(user.getByRole('img', { name: 'Autentifikator tətbiqi üçün QR kod' })).toBeVisible();
    const secret = (await user.getByTestId('mfa-secret').innerText()).trim();
    await screenshot(user, 'mfa-enrol');
    const findings: Finding[] = [
      ...confirmFindings,
      ...(await audit(user, 'profile: the enrolment dialog', '.ant-modal')),
    ];
    // By keyboard: the code field has the focus; Enter confirms.
    await expect(user.getByTestId('mfa-enrol-code')).toBeFocused();
    await user.keyboard.type(codeAt(secret));
    await user.keyboard.press('Enter');
    const codes = user.getByTestId('mfa-recovery-codes');
    await expect(codes.locator('li')).toHaveCount(10);
    const recovery = (await codes.locator('li').allInnerTexts()).map((c) => c.trim());
    findings.push(...(await audit(user, 'profile: the recovery codes', '.ant-modal')));
    await user.getByTestId('mfa-recovery-saved').click();
    await expect(card).toContainText('Qoşulub');
    await expect(card).toContainText('Qalan bərpa kodları: 10');
    findings.push(...(await audit(user, 'profile with the second factor and the sessions')));

    // Signing in now asks for the app's code after the password.
    const again = await freshPage(browser, baseURL);
    await passwordStep(again, email);
    await expect(again.getByTestId('mfa-step')).toBeVisible();
    await screenshot(again, 'mfa-second-step');
    findings.push(...(await audit(again, 'sign-in: the second step')));
    await again.getByTestId('mfa-code').fill('000000');
    await again.getByTestId('mfa-code-submit').click();
    await expect(again.getByRole('alert')).toHaveText('Kod yanlışdır və ya vaxtı keçib.');
    // The next step's code (one step either side is taken; the enrolment's own code is spent).
    await again.getByTestId('mfa-code').fill(codeAt(secret, 1));
    await again.getByTestId('mfa-code-submit').click();
    await again.waitForURL(/\/app\//);

    // Without the app: a recovery code, once.
    const third = await freshPage(browser, baseURL);
    await passwordStep(third, email);
    await third.getByTestId('mfa-toggle').click();
    findings.push(...(await audit(third, 'sign-in: a recovery code')));
    await third.getByTestId('mfa-recovery-code').fill(recovery[0]!);
    await third.getByTestId('mfa-recovery-code-submit').click();
    await third.waitForURL(/\/app\//);
    const fourth = await freshPage(browser, baseURL);
    await passwordStep(fourth, email);
    await fourth.getByTestId('mfa-toggle').click();
    await fourth.getByTestId('mfa-recovery-code').fill(recovery[0]!);
    await fourth.getByTestId('mfa-recovery-code-submit').click();
    await expect(fourth.getByRole('alert')).toHaveText('Bərpa kodu yanlışdır və ya artıq istifadə olunub.');

    // The profile lists the open sessions; ending the second device's signs it out on its next move.
    await user.goto('/app/user-profile');
    const sessions = user.getByTestId('profile-sessions');
    await expect(sessions.getByText('Bu cihaz')).toBeVisible();
    await expect(sessions.getByRole('button', { name: /^Bitir/ })).toHaveCount(2);
    await screenshot(user, 'profile-sessions');
    await sessions
      .getByRole('button', { name: /^Bitir/ })
      .first()
      .click();
    await expect(sessions.getByRole('button', { name: /^Bitir/ })).toHaveCount(1);
    // The newest other session was the recovery code's: that browser is signed out, the other stays in.
    await third.goto('/app/user-profile');
    await third.waitForURL(/\/signin/);
    await again.goto('/app/user-profile');
    await expect(again.getByTestId('profile-page')).toBeVisible();
    expect(report(findings)).toBe('');
  });

  test('a member of a group that requires it is taken through enrolment right after the password, and only then enters', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, 'admin@demo.az');
    const api = await apiAs(page);
    const group = await api.post<{ id: number }>('/api/user/groups/', {
      name: `İkinci faktorlu ${Date.now().toString(36)}`,
      permissions: [],
      mfa_required: true,
    });
    const email = uniqueEmail('mfa-required');
    const created = await createUserViaApi(page, email, null, password);
    const user = await api.get<Record<string, unknown>>(`/api/user/users/${created.id}/`);
    await api.post('/api/user/users/update-account/', { ...user, groups: [group.id] });

    const member = await freshPage(browser, baseURL);
    await passwordStep(member, email);
    await expect(member.getByRole('heading', { name: 'İkinci faktoru qoşun' })).toBeVisible();
    // Nothing else is open to the token of this step.
    await member.goto('/app/sample-page');
    await expect(member).toHaveURL(/\/signin/);
    await passwordStep(member, email);
    const secret = (await member.getByTestId('mfa-secret').innerText()).trim();
    const findings = await audit(member, 'sign-in: the enrolment a group requires');
    await member.getByTestId('mfa-enrol-code').fill(codeAt(secret));
    await member.getByTestId('mfa-enrol-code-submit').click();
    await expect(member.getByTestId('mfa-recovery-codes').locator('li')).toHaveCount(10);
    await screenshot(member, 'mfa-required-enrolment-codes');
    findings.push(...(await audit(member, 'sign-in: the recovery codes')));
    expect(report(findings)).toBe('');
    await member.getByTestId('mfa-recovery-saved').click();
    await member.waitForURL(/\/app\//);
  });

  test('a user registers a passkey in a browser with a virtual authenticator, signs out, and signs in with it alone and as the second step', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin@demo.az');
    const email = uniqueEmail('passkey');
    await createUserViaApi(page, email, 'central', password);

    // The relying party of a server on 127.0.0.1 is `localhost` (an IP address cannot be one): the browser goes there.
    const context = await browser.newContext({
      baseURL: baseURL!.replace('127.0.0.1', 'localhost'),
      viewport: { width: 1280, height: 900 },
    });
    const user = await context.newPage();
    // The DevTools protocol's WebAuthn domain: a platform authenticator that holds passkeys and verifies its user.
    const cdp = await context.newCDPSession(user);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signIn(user, email, password);
    await user.goto('/app/user-profile');
    const card = user.getByTestId('profile-mfa');
    await card.getByTestId('passkey-add').press('Enter');
    // By keyboard: the name field has the focus; Enter creates the passkey.
    await expect(user.getByTestId('passkey-name')).toBeFocused();
    const findings: Finding[] = [...(await audit(user, 'profile: a new passkey', '.ant-modal'))];
    await user.keyboard.type('İş noutbuku');
    await user.keyboard.press('Enter');
    await confirmWithPassword(user, password);
    // The first factor: its ten recovery codes, shown once.
    await expect(user.getByTestId('mfa-recovery-codes').locator('li')).toHaveCount(10);
    await user.getByTestId('mfa-recovery-saved').click();
    await expect(card.getByTestId('passkeys')).toContainText('İş noutbuku');
    await expect(card).toContainText('Qalan bərpa kodları: 10');
    await screenshot(user, 'profile-passkeys');
    findings.push(...(await audit(user, 'profile with a passkey')));
    // The authenticator holds the passkey as a discoverable credential (what a sign-in without a name needs).
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((c) => c.isResidentCredential)).toEqual([true]);

    // Signed out, then in again with the passkey alone: no password, no captcha.
    await openUserMenu(user);
    await user.getByText('Çıxış').click();
    await expect(user).toHaveURL(/\/signin$/);
    findings.push(...(await audit(user, 'sign-in with the passkey button')));
    await user.getByTestId('signin-passkey').press('Enter');
    await user.waitForURL(/\/app\//);

    // With the password, the passkey is the second step: it has the focus, Enter uses it.
    await openUserMenu(user);
    await user.getByText('Çıxış').click();
    await passwordStep(user, email);
    await expect(user.getByTestId('mfa-step')).toBeVisible();
    await expect(user.getByTestId('mfa-passkey')).toBeFocused();
    findings.push(...(await audit(user, 'sign-in: the second step by passkey')));
    await screenshot(user, 'mfa-second-step-passkey');
    await user.keyboard.press('Enter');
    await user.waitForURL(/\/app\//);
    expect(report(findings)).toBe('');
  });
});
