import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Download,
  type Locator,
  type Page,
} from '@playwright/test';

export const demoPassword = 'Demo12345';
const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** This worker's place among those running at once: the global setup started one server for each. */
const slot = process.env.TEST_PARALLEL_INDEX ?? '0';

export const test = base.extend<{ closeContextsLeftOpen: void }>({
  // The global setup started this worker's server on a free port.
  baseURL: async ({ baseURL: configured }, use) => {
    await use(process.env[`E2E_BASE_URL_${slot}`] ?? configured);
  },
  // A context a test opens itself (signedIn, a second person) is closed when the test ends, opened or not by a
  // helper that hands back only its page. Left open, each kept its app running (its event stream, its reads) for the
  // rest of the worker's tests: the browser and the server worked for dozens of idle tabs.
  closeContextsLeftOpen: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Types into a list's search box and waits until the list shows the search's `total`: a row clicked before the
 * search applies can move from under the pointer when the list redraws (the box applies its text when it loses
 * the focus, at the press of the click).
 */
export async function searchList(page: Page, text: string, total: number) {
  await page.getByTestId('list-search').locator('input').fill(text);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByTestId('list-total')).toHaveText(`Cəmi: ${total}`);
}

/**
 * Waits for the list's answer to the address it shows: while a list reads, it keeps the last answer on screen under
 * its spinner (Ant Design puts the spinner around the table, not in it).
 */
export async function listAnswered(page: Page) {
  await expect(page.locator('main .ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
}

/** Every toast on screen showing this text. */
export const toasts = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
/**
 * The newest toast showing this text. A repeat within 2 s restarts the toast on screen; a later one is a new toast,
 * which may stand for a moment beside the old one fading out (apps/web/src/lib/notify.ts).
 */
export const toast = (page: Page, text: string) => toasts(page, text).last();

/**
 * Waits (at most `timeout` ms) for finite animations (a drawer sliding in) to end; endless ones (a spinner) never
 * do. A button's click ripple (Ant Design's wave, 2 s of fading) is not waited for: it is drawn over the button and
 * changes nothing on the page. With `within`, only the animations inside that part of the page count (the menu's
 * motion beside a screen's main part changes nothing in it).
 */
export async function animationsSettled(page: Page, timeout: number, within?: string) {
  await page
    .waitForFunction(
      (scope) =>
        document.getAnimations().every((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
          return (
            a.playState !== 'running' ||
            a.effect?.getComputedTiming().endTime === Infinity ||
            target?.closest('.ant-wave') != null ||
            (scope !== null && target != null && target.closest(scope) == null)
          );
        }),
      within ?? null,
      { timeout },
    )
    .catch(() => undefined);
}

/**
 * Clicks a button of a dialog once the dialog has stopped moving: a click while it still zooms in lands beside the
 * button, and the dialog stays open (the online request's "accept" confirmation under load).
 */
export async function clickInDialog(page: Page, testId: string) {
  const button = page.getByTestId(testId);
  await expect(button).toBeVisible();
  await animationsSettled(page, 2_000, '.ant-modal-root');
  await button.click();
}

/**
 * Opens the user menu and waits until its opening motion has ended: a click on an item while the menu still zooms
 * in lands where the item is not yet (the cause of the guided tour test's lost "replay" click under load).
 */
export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last()).toBeVisible();
  await animationsSettled(page, 2_000);
}

/**
 * Opens an address inside the running app, as its links do (no page load): screens are reached as people reach
 * them, with the app's data cache and any state a screen leaves behind. With `title`, waits until the tab bears it
 * (every screen names the tab after itself, and no two share a title).
 */
export async function openInApp(page: Page, address: string, title?: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, address);
  if (title) await expect(page).toHaveTitle(`${title} — FN İdarəetmə Sistemi`);
}

/** Saves a full-page screenshot under apps/web/e2e/screenshots (git-ignored), once animations have settled. */
export async function screenshot(page: Page, name: string) {
  // A page behind another window may hold its animations; in front they run to their end.
  await page.bringToFront();
  await animationsSettled(page, 5_000);
  // A viewport as tall as the page, rather than a stitched full-page capture: the sticky side navigation and
  // header then stand where a person sees them.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
  if (viewport && height > viewport.height) await page.setViewportSize(viewport);
}

/** Solves the ALTCHA widget as a person does: ticks it and waits until it reports verified. */
export async function passCaptcha(page: Page) {
  const submit = page.getByRole('button', { name: 'Daxil ol' });
  await expect(submit).toBeDisabled();
  await page.getByText('Mən robot deyiləm').click();
  await expect(submit).toBeEnabled({ timeout: 30_000 });
}

export async function fillSignin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Şifrə').fill(password);
}

/** The guided tour's panel (Ant Design's Tour), while it shows. */
export const tourPanel = (page: Page) => page.locator('.ant-tour.guided-tour');

const skippingTour = new WeakSet<Page>();

/**
 * The guided tour starts a second after a user's first entry. A test about something else closes it whenever it
 * shows, before its next action or assertion, as a person would (which records it seen for that user).
 */
export async function skipTourWhenShown(page: Page) {
  if (skippingTour.has(page)) return;
  skippingTour.add(page);
  await page.addLocatorHandler(tourPanel(page), async (panel) => {
    await panel.locator('.ant-tour-close').click();
  });
}

/**
 * Waits until the guided tour of a user's first entry has either opened (a second after it) or is known not to come
 * (the layout's `data-tour-phase` leaves `due`), and closes an open one with Escape, as a keyboard user does; keys
 * pressed with `page.keyboard` would otherwise go to the tour once it opens. No time is waited out.
 */
export async function closeTourWithEscape(page: Page) {
  const shell = page.locator('[data-tour-phase]');
  await expect(shell).not.toHaveAttribute('data-tour-phase', 'due');
  if ((await shell.getAttribute('data-tour-phase')) !== 'open') return;
  // Its panel loads a moment after it opens; a page with `skipTourWhenShown` may close it first, by its handler.
  const tour = tourPanel(page);
  await expect(async () => {
    if (await tour.isVisible()) await page.keyboard.press('Escape');
    await expect(shell).toHaveAttribute('data-tour-phase', 'none', { timeout: 1_000 });
  }).toPass();
  await expect(tour).toBeHidden();
}

/** Waits until the layout knows the guided tour will not start (seen before, or closed). */
export async function tourWillNotStart(page: Page) {
  await expect(page.locator('[data-tour-phase]')).toHaveAttribute('data-tour-phase', 'none');
  await expect(tourPanel(page)).toHaveCount(0);
}

/** Signs in through the screen and waits for the app; `keepTour` leaves the guided tour to the test. */
export async function signIn(page: Page, email: string, password = demoPassword, options: { keepTour?: boolean } = {}) {
  if (!options.keepTour) await skipTourWhenShown(page);
  if (!page.url().includes('/signin')) await page.goto('/signin');
  await fillSignin(page, email, password);
  await passCaptcha(page);
  await page.getByRole('button', { name: 'Daxil ol' }).click();
  await page.waitForURL(/\/app\//);
  // A user who has not seen the guided tour gets it a second after this entry. Closed here and now, it can never
  // open in the middle of the test's next steps (a picker open under it loses its list).
  if (!options.keepTour && !(await tourSeen(page))) await closeTourWithEscape(page);
}

/**
 * Answers the step-up dialog of a user who has no second factor (acting on another account, adding a factor: issue
 * 40) with the password, as a person does: typed into its one field, Enter; the dialog closes and the action goes on.
 */
export async function confirmWithPassword(page: Page, password = demoPassword) {
  const dialog = page.getByTestId('step-up-dialog');
  const field = page.getByTestId('step-up-password');
  await expect(field).toBeFocused();
  await field.fill(password);
  await field.press('Enter');
  await expect(dialog).toBeHidden();
}

/** Whether the signed-in user's guided tour is recorded as seen (their preferences on the server). */
async function tourSeen(page: Page): Promise<boolean> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/user/current-user/', { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { user?: { preferences?: { tour_seen_at?: string | null } } };
  return Boolean(body.user?.preferences?.tour_seen_at);
}

/** The messages the app sent through the test's SMTP server, newest last. */
export function sentMail(): string[] {
  const dir = process.env[`E2E_MAIL_DIR_${slot}`]!;
  return readdirSync(dir)
    .sort()
    .map((file) => readFileSync(path.join(dir, file), 'utf8'));
}

/** The log lines of this worker's server so far (JSON objects, pino's format). */
export function serverLog(): Record<string, unknown>[] {
  return readFileSync(process.env[`E2E_SERVER_LOG_${slot}`]!, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Decodes a quoted-printable mail body enough to read links and text. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Waits for the next mail to `to` after `since` messages and returns the reset link's path in it. */
export async function waitForResetLink(to: string, since: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = sentMail().slice(since).map(decodeQuotedPrintable);
    const message = mail.find((m) => m.toLowerCase().includes(`to: ${to}`));
    const link = message?.match(/https?:\/\/[^\s"<]+(\/reset-password\/[A-Za-z0-9_.-]+)/);
    if (link) return link[1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset mail to ${to}`);
}

/** Opens a list's creating form and waits for it: the list's own "Ad" search box must be gone before a label is filled. */
export async function openCreateForm(page: Page) {
  await page.getByTestId('create-record').click();
  await expect(page).toHaveURL(/(-create|\/new)$/);
  await expect(page.getByTestId('resource-form-save')).toBeVisible();
}

/** Exports what the screen shows through its export menu; the download that follows. */
export async function exported(page: Page, format: 'CSV faylı' | 'Excel faylı'): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByTestId('export').click();
  await page.getByRole('menuitem', { name: format }).click();
  return download;
}

/** Two animation frames: the menu moves its focus in a frame after the key (rc-menu's `raf`), not at once. */
export const focusSettled = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * Presses `key` until `target` has the focus (at most `max` times), as a person tabs to a control. Each press
 * waits for the focus to settle first: checking at once could press again before the menu's focus moved,
 * and step past the target.
 */
export async function pressUntilFocused(page: Page, key: string, target: Locator, max = 40) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
    await focusSettled(page);
  }
  await expect(target).toBeFocused();
}

/** The screen the app opens at after signing in. */
const firstScreen = '/app/sample-page';

type StoredState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** The sessions this worker has signed in through the screen, by address: reused by later tests of the worker. */
const storedSessions = new Map<string, StoredState>();

const tokenOf = (state: StoredState) =>
  state.origins.flatMap((o) => o.localStorage).find((item) => item.name === 'token')?.value;

/** Seconds left of the access token kept in a stored session. */
function secondsLeft(state: StoredState): number {
  const token = tokenOf(state);
  if (!token) return 0;
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp?: number };
  return (payload.exp ?? 0) - Date.now() / 1000;
}

/** Where a signed-in page opens: a viewport of its own, and a screen other than the app's first (`at`). */
interface SignedInOptions {
  viewport?: { width: number; height: number };
  at?: string;
}

/**
 * A page of its own context signed in as `email`, at the app's first screen (or `at`) with the guided tour closed.
 * The first call for an address in this worker signs in through the screen; later ones open the app with that
 * session's stored tokens (issue 43: a sign-in is a journey tested on its own, not the price of every test). The
 * stored session is used only while its access token has five minutes left (global-setup.ts gives it half an hour),
 * so no two contexts refresh the same token, and a session the server has ended (a test signed it out) is signed in
 * again.
 */
export async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  options: SignedInOptions = {},
): Promise<Page> {
  const { viewport = { width: 1400, height: 900 }, at } = options;
  const context = await browser.newContext({ baseURL, viewport, locale: 'az-AZ' });
  const page = await context.newPage();
  await useSession(page, email, at);
  return page;
}

/**
 * Signs the test's own page in as `email` with this worker's stored session of that account (its tokens put into the
 * page's storage, then the app opened at `at`, its first screen unless named, the guided tour closed): for a test
 * about something other than signing in (issue 43). The app starts once, at the screen the test begins on. The first
 * call for an address in a worker signs in through the screen and stores the session; a stored session is used only
 * while its access token has five minutes left, and one the server has ended (a test signed it out) is signed in
 * again through the screen.
 */
export async function useSession(page: Page, email: string, at = firstScreen): Promise<void> {
  const stored = storedSessions.get(email);
  if (stored && secondsLeft(stored) > 300) {
    await skipTourWhenShown(page);
    // A small file of the app's origin opens its storage without starting the app.
    await page.goto('/favicon.svg');
    const items = stored.origins.flatMap((origin) => origin.localStorage);
    await page.evaluate((entries) => {
      for (const { name, value } of entries) localStorage.setItem(name, value);
    }, items);
    await page.goto(at);
    const ready = page.locator('[data-tour-phase="none"], [data-tour-phase="open"]');
    await expect(ready.or(page.getByRole('button', { name: 'Daxil ol' }))).toBeVisible();
    if (await ready.isVisible()) {
      await closeTourWithEscape(page);
      return;
    }
    storedSessions.delete(email);
  }
  await signIn(page, email);
  await closeTourWithEscape(page);
  storedSessions.set(email, await page.context().storageState());
  if (at !== firstScreen) await page.goto(at);
}

/**
 * The access token of this worker's stored session of `email`, for a test that only makes records through the API as
 * that account: no page of the app is opened for it unless the worker has no usable session yet (then `signedIn`
 * makes one). `renew` drops the stored session first (the server ended it: a call answered 401).
 */
export async function sessionToken(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  renew = false,
): Promise<string> {
  if (renew) storedSessions.delete(email);
  let stored = storedSessions.get(email);
  if (!stored || secondsLeft(stored) <= 300) {
    const page = await signedIn(browser, baseURL, email);
    await page.context().close();
    stored = storedSessions.get(email)!;
  }
  return tokenOf(stored)!;
}
