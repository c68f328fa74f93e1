import type { Page } from '@playwright/test';
import { expect, screenshot, test, useSession } from './support/fixtures';

test.describe('public pages', () => {
  test('sign-in page is in Azerbaijani', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Sistemə giriş' })).toBeVisible();
    await expect(page).toHaveTitle('Sistemə giriş — FN İdarəetmə Sistemi');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Şifrə')).toBeVisible();
    await expect(page.getByText('Mən robot deyiləm')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Şifrəni unutmusunuz?' })).toHaveAttribute('href', '/forget-password');
    await expect(page.getByText('© 2020 Bütün hüquqlar qorunur.')).toBeVisible();
    await screenshot(page, 'signin-1280');
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'signin-800');
  });

  test('forgot-password page', async ({ page }) => {
    await page.goto('/forget-password');
    await expect(page.getByRole('heading', { name: 'Şifrənin bərpası' })).toBeVisible();
    await expect(page).toHaveTitle('Şifrənin bərpası — FN İdarəetmə Sistemi');
    await expect(page.getByRole('button', { name: 'Göndər' })).toBeVisible();
    await screenshot(page, 'forget-password');
  });

  test('unknown paths show the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Səhifə tapılmadı')).toBeVisible();
    await expect(page).toHaveTitle('Səhifə tapılmadı — FN İdarəetmə Sistemi');
    await screenshot(page, 'not-found');
  });

  test('/ without a token goes to sign-in; /reset-password without a token too', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('the page works under the content security policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto('/signin');
    await expect(page.getByText('Mən robot deyiləm')).toBeVisible();
    await page.goto('/forget-password');
    await expect(page.getByRole('button', { name: 'Göndər' })).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test.describe('app layout', () => {
  test('wide: side navigation, header, footer, a screen opened by address and the not-found page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useSession(page, 'admin@demo.az');
    await expect(page).toHaveURL(/\/app\/sample-page$/);
    const menu = page.getByTestId('side-menu').first();
    await expect(menu).toBeVisible();
    await expect(page.getByText('© 2020 Bütün hüquqlar qorunur.')).toBeVisible();
    await screenshot(page, 'app-1280');
    // Each screen names the tab (WCAG 2.4.2), also when it is reached inside the app.
    await expect(page).toHaveTitle('Ana səhifə — FN İdarəetmə Sistemi');

    // The group holding the current path opens (every screen of the route table is built now).
    await page.goto('/app/bus-routes');
    await expect(page.getByRole('heading', { name: 'Avtobus marşrutları' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Avtobus marşrutları' })).toBeVisible();
    await expect(page.getByTestId('bus-routes-page')).toBeVisible();
    await screenshot(page, 'app-screen-1280');

    await expect(page).toHaveTitle('Avtobus marşrutları — FN İdarəetmə Sistemi');

    await page.getByTestId('app-logo').first().click();
    await expect(page).toHaveURL(/\/app\/sample-page$/);
    await expect(page).toHaveTitle('Ana səhifə — FN İdarəetmə Sistemi');

    await page.goto('/app/no-such-screen');
    await expect(page.getByText('Səhifə tapılmadı')).toBeVisible();
    await expect(page).toHaveTitle('Səhifə tapılmadı — FN İdarəetmə Sistemi');
    await expect(page.getByTestId('side-menu').first()).toBeVisible();
    await screenshot(page, 'app-not-found-1280');
  });

  test('narrow: the navigation is a drawer that closes on every location change', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await useSession(page, 'admin@demo.az');
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await screenshot(page, 'app-800');
    await page.getByTestId('open-menu').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    // The title's subtitle wraps inside the drawer rather than being cut: nothing of the logo is clipped, and the
    // subtitle ends within the drawer's header.
    const logo = drawer.getByTestId('app-logo');
    const subtitle = logo.getByText('Fərqlənmə nişanlarının uçotu');
    await expect(subtitle).toBeVisible();
    expect(await logo.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Measured once the drawer has slid in (its motion moves the header and the logo at different times).
    const header = drawer.locator('.ant-drawer-header');
    await expect
      .poll(async () => {
        const [frame, text] = [(await header.boundingBox())!, (await subtitle.boundingBox())!];
        return frame.x >= 0 && text.x + text.width <= frame.x + frame.width;
      })
      .toBe(true);
    await screenshot(page, 'app-800-drawer');
    await drawer.getByRole('menuitem', { name: 'Məlumat kitabçaları' }).click();
    await drawer.getByRole('menuitem', { name: 'Regionlar' }).click();
    await expect(page).toHaveURL(/\/app\/regions$/);
    await expect(drawer).toBeHidden();
  });

  test('a role sees only its menu and gets the error page on a forbidden screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useSession(page, 'inspector@demo.az');
    const menu = page.getByTestId('side-menu').first();
    await expect(menu.getByText('Fərqlənmə nişanları')).toBeVisible();
    await expect(menu.getByText('İstifadəçilər')).toHaveCount(0);
    await page.goto('/app/users');
    await expect(page.getByText('Giriş qadağandır')).toBeVisible();
    await expect(page).toHaveTitle('Giriş qadağandır — FN İdarəetmə Sistemi');
  });
});

/**
 * The suite runs with the system's "reduce motion" (playwright.config.ts), which the shell honours by turning Ant
 * Design's motion off: the drawer is there at once, with nothing moving. Without that wish it slides in as before.
 */
test.describe('motion', () => {
  const openDrawer = async (page: Page) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await useSession(page, 'admin@demo.az');
    await page.getByTestId('open-menu').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    return page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
  };

  test('less motion asked for: the navigation drawer opens with nothing moving', async ({ page }) => {
    expect(await openDrawer(page)).toBe(0);
  });

  test.describe('no wish for less motion', () => {
    test.use({ reducedMotion: 'no-preference' });
    test('the navigation drawer slides in', async ({ page }) => {
      expect(await openDrawer(page)).toBeGreaterThan(0);
    });
  });
});
