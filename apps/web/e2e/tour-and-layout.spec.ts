import type { CurrentUserResponse, Group, Page as ListPage, User } from '@dnx/shared';
import type { Browser, Page } from '@playwright/test';
import { apiAs, availableRegions, uniqueEmail } from './support/access';
import {
  animationsSettled,
  closeTourWithEscape,
  expect,
  openUserMenu,
  screenshot,
  signIn,
  test,
  tourPanel,
  tourWillNotStart,
  useSession,
} from './support/fixtures';

const wide = { width: 1400, height: 1000 };
const password = 'Turist2024';

/**
 * A fresh account (never signed in, so its tour was never seen) in a role group, or in none (null: it may open
 * only what every signed-in user may), made through the API as the admin.
 */
async function freshUser(admin: Page, groupCode: string | null): Promise<string> {
  const api = await apiAs(admin);
  const groups = await api.get<ListPage<Group>>('/api/user/groups/?no_page=1');
  const group = groupCode === null ? undefined : groups.results.find((g) => g.code === groupCode)!;
  const [region] = await availableRegions(admin);
  const email = uniqueEmail(`tour.${groupCode ?? 'nogroup'}`);
  await api.post<{ data: { data: User } }>('/api/user/users/create-account/', {
    email,
    password,
    confirm_password: password,
    first_name: 'Tur',
    last_name: 'Yoxlayıcı',
    parent_name: 'Test',
    phone: '+994501112244',
    date_of_birth: '1991-05-20',
    region: region!.id,
    groups: group ? [group.id] : [],
    user_permissions: [],
  });
  return email;
}

/** A new browser context is a fresh device: nothing of the last one but what the server keeps. */
async function onFreshDevice(browser: Browser, email: string, options: { keepTour?: boolean } = {}) {
  const context = await browser.newContext({ viewport: wide });
  const page = await context.newPage();
  await signIn(page, email, password, options);
  if (!options.keepTour) {
    // The first device's tour is closed (and recorded) before anything else, not halfway through opening a menu.
    await closeTourWithEscape(page);
    await expect.poll(async () => (await preferencesOf(page)).tour_seen_at).not.toBeNull();
  }
  return page;
}

async function preferencesOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/user/current-user/', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as CurrentUserResponse).user!.preferences;
}

const tourTitle = (page: Page) => tourPanel(page).locator('.ant-tour-title');
const next = (page: Page) => tourPanel(page).getByRole('button', { name: 'Növbəti' });

test.describe('the guided tour', () => {
  test.use({ viewport: wide });

  test('starts a second after the first entry, walks the menu, the user menu and a list, and shows once', async ({
    page,
    browser,
  }) => {
    await useSession(page, 'admin@demo.az');
    const email = await freshUser(page, 'admin');
    const user = await onFreshDevice(browser, email, { keepTour: true });
    const entered = Date.now();
    await expect(user).toHaveURL(/\/app\/sample-page$/);
    await expect(tourPanel(user)).toBeVisible();
    expect(Date.now() - entered).toBeGreaterThanOrEqual(900);

    // 1. The menu, highlighted where it is.
    await expect(tourTitle(user)).toHaveText('Menyu');
    await expect(tourPanel(user)).toContainText('Sizə açıq olan bütün bölmələr');
    await screenshot(user, 'tour-1-menu');
    // 2. The user menu.
    await next(user).click();
    await expect(tourTitle(user)).toHaveText('İstifadəçi menyusu');
    await expect(tourPanel(user)).toContainText('bu turun təkrarı');
    // 3-5. The landing page has no list: the tour moves to the first list the user may open, and shows its tools.
    await next(user).click();
    await expect(user).toHaveURL(/\/app\/users$/);
    await expect(tourTitle(user)).toHaveText('Axtarış və filtrlər');
    await expect(user.getByTestId('list-search')).toBeVisible();
    await screenshot(user, 'tour-3-filters');
    await next(user).click();
    await expect(tourTitle(user)).toHaveText('İxrac');
    await next(user).click();
    await expect(tourTitle(user)).toHaveText('Yeni qeyd');
    await expect(tourPanel(user).getByTestId('tour-skip')).toHaveCount(0);
    await tourPanel(user).getByRole('button', { name: 'Bitir' }).click();
    await expect(tourPanel(user)).toBeHidden();
    // It returns to where it started, and the server knows it was seen.
    await expect(user).toHaveURL(/\/app\/sample-page$/);
    await expect.poll(async () => (await preferencesOf(user)).tour_seen_at).not.toBeNull();

    // Not again: after a reload, nor on another device.
    await user.reload();
    await expect(user.getByTestId('sample-page')).toBeVisible();
    await tourWillNotStart(user);
    const other = await onFreshDevice(browser, email, { keepTour: true });
    await expect(other.getByTestId('sample-page')).toBeVisible();
    await tourWillNotStart(other);
    await other.context().close();

    // Replayed from the user menu: from its first step, on the list when it is opened there.
    await user.goto('/app/regions');
    await openUserMenu(user);
    await user.getByTestId('replay-tour').click();
    await expect(tourTitle(user)).toHaveText('Menyu');
    await next(user).click();
    await next(user).click();
    await expect(tourTitle(user)).toHaveText('Axtarış və filtrlər');
    await expect(user).toHaveURL(/\/app\/regions$/);
    await user.keyboard.press('Escape');
    await expect(tourPanel(user)).toBeHidden();
    await user.context().close();
  });

  test("an inspector's tour shows the tools of the registry of every form: filters and export, nothing to create", async ({
    page,
    browser,
  }) => {
    await useSession(page, 'admin@demo.az');
    const email = await freshUser(page, 'inspector');
    const user = await onFreshDevice(browser, email, { keepTour: true });
    await expect(tourTitle(user)).toHaveText('Menyu');
    await next(user).click();
    await next(user).click();
    await expect(user).toHaveURL(/\/app\/general-fn$/);
    await expect(tourTitle(user)).toHaveText('Axtarış və filtrlər');
    await expect(user.getByTestId('filter-input-series')).toBeVisible();
    await expect(tourPanel(user).locator('.ant-tour-indicator')).toHaveCount(4);
    await next(user).click();
    await expect(tourTitle(user)).toHaveText('İxrac');
    await tourPanel(user).getByRole('button', { name: 'Bitir' }).click();
    await expect(tourPanel(user)).toBeHidden();
    await expect(user).toHaveURL(/\/app\/sample-page$/);
    await user.context().close();
  });

  test('can be skipped at once; a user without a list sees the menu and the user menu', async ({ page, browser }) => {
    await useSession(page, 'admin@demo.az');
    // Every role reads the registry of every form (general-fn): only an account in no group has no list.
    const email = await freshUser(page, null);
    const user = await onFreshDevice(browser, email, { keepTour: true });
    await expect(tourTitle(user)).toHaveText('Menyu');
    await expect(tourPanel(user).locator('.ant-tour-indicator')).toHaveCount(2);
    await screenshot(user, 'tour-skip');
    await tourPanel(user).getByTestId('tour-skip').click();
    await expect(tourPanel(user)).toBeHidden();
    await expect(user).toHaveURL(/\/app\/sample-page$/);
    await expect.poll(async () => (await preferencesOf(user)).tour_seen_at).not.toBeNull();
    await user.reload();
    await expect(user.getByTestId('sample-page')).toBeVisible();
    await tourWillNotStart(user);
    await user.context().close();
  });
});

test.describe('the navigation layout', () => {
  test.use({ viewport: wide });

  test('chosen in the user menu, kept on the server, applied at sign-in on a fresh device', async ({
    page,
    browser,
  }) => {
    await useSession(page, 'admin@demo.az');
    const email = await freshUser(page, 'central');
    const laptop = await onFreshDevice(browser, email);
    await expect(laptop.getByTestId('side-menu')).toBeVisible();
    await expect(laptop.getByTestId('top-menu')).toHaveCount(0);

    await openUserMenu(laptop);
    await expect(laptop.getByTestId('layout-side')).toHaveAttribute('aria-checked', 'true');
    await laptop.getByTestId('layout-top').click();
    await expect(laptop.getByTestId('top-menu')).toBeVisible();
    await expect(laptop.getByTestId('side-menu')).toHaveCount(0);
    await expect.poll(async () => (await preferencesOf(laptop)).layout).toBe('top');
    await screenshot(laptop, 'layout-top');

    // Another browser (a new context keeps nothing of the first) gets the top navigation at sign-in.
    const desktop = await onFreshDevice(browser, email);
    await expect(desktop.getByTestId('top-menu')).toBeVisible();
    await expect(desktop.getByTestId('side-menu')).toHaveCount(0);
    await desktop.getByTestId('top-menu').getByText('Fərqlənmə nişanları').hover();
    // The submenu zooms in: a click before it stands still can land beside its item (CI: the address stayed).
    await expect(desktop.getByRole('menuitem', { name: 'Aktiv FN' })).toBeVisible();
    await animationsSettled(desktop, 2_000);
    await desktop.getByRole('menuitem', { name: 'Aktiv FN' }).click();
    await expect(desktop).toHaveURL(/\/app\/active-fn$/);

    // And back to the side, which the next device gets in turn.
    await openUserMenu(desktop);
    await desktop.getByTestId('layout-side').click();
    await expect(desktop.getByTestId('side-menu')).toBeVisible();
    await expect.poll(async () => (await preferencesOf(desktop)).layout).toBe('side');
    const phone = await onFreshDevice(browser, email);
    await expect(phone.getByTestId('side-menu')).toBeVisible();
    await expect(phone.getByTestId('top-menu')).toHaveCount(0);
    for (const p of [laptop, desktop, phone]) await p.context().close();
  });
});

test.describe('wide tables', () => {
  // Cells wrap before a table scrolls (issue 29): the drivers list fits at 1280 px now, and scrolls on a narrow screen.
  test('at 640 px the drivers list scrolls sideways to its last column, the first column and actions pinned', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 640, height: 900 });
    await useSession(page, 'admin@demo.az', '/app/drivers');
    const table = page.getByTestId('resource-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const scroller = table.locator('.ant-table-content');
    const widths = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    await expect(page.getByTestId('scroll-hint')).toBeVisible();

    const headers = table.locator('thead th');
    const firstColumn = headers.filter({ hasText: 'Soyad' }).first();
    const lastData = headers.nth((await headers.count()) - 2);
    const actions = headers.last();
    await expect(actions).toHaveText('Əməliyyatlar');
    const inView = async (cell: typeof actions) => {
      const box = (await cell.boundingBox())!;
      const frame = (await scroller.boundingBox())!;
      return box.x >= frame.x - 1 && box.x + box.width <= frame.x + frame.width + 1;
    };
    // Before scrolling: the actions are at the right edge already; the last data column is cut.
    expect(await inView(actions)).toBe(true);
    expect(await inView(lastData)).toBe(false);
    const firstBefore = (await firstColumn.boundingBox())!.x;
    await screenshot(page, 'drivers-640');

    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => inView(lastData)).toBe(true);
    expect(await inView(actions)).toBe(true);
    // The selection box and the first column stay where they were.
    expect((await firstColumn.boundingBox())!.x).toBeCloseTo(firstBefore, 0);
    expect(await inView(table.locator('thead th.ant-table-selection-column'))).toBe(true);
    await screenshot(page, 'drivers-640-scrolled');
  });
});
