import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { closeTourWithEscape, expect, signIn, test } from './support/fixtures';

/**
 * The JavaScript budgets (docs/performance.md), on the production build with a cold cache: what /signin loads, and
 * what a signed-in user downloads before the first screen shows (a returning user: tokens stored, nothing cached).
 * Sizes are gzip, as the server sends them.
 */
// firstScreen: measured when the budget was set (issue 24: 380.9 KB for the demo cashier), grown once on purpose by
// the live back office (issue 47: the event stream, the menu's counts and the header's state on every signed-in
// screen, 386.1 KB), never to grow again without a reason written in docs/performance.md. Lowered by issue 60 to what
// it measured once zod, the toasts and the table's filter dropdown left the first download (/signin 189.0 KB, the
// first screen 350.5 KB), and to be lowered again as the screens come within their goals. Raised to 362 KB for the
// toasts, loaded with the first screen in a chunk of its own: a toast first wanted offline could not
// download it (measured 360.1 KB; the bytes before the first paint did not change).
const budgetsKb = { signin: 191, firstScreen: 362 };

/** Counts the gzip size of every script the page receives from now on. */
function scriptsOf(page: Page): () => Promise<{ kb: number; files: string[] }> {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.set(
      response.url(),
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    );
  });
  return async () => {
    const entries = await Promise.all([...sizes].map(async ([url, size]) => [url, await size] as const));
    return {
      kb: entries.reduce((sum, [, size]) => sum + size, 0) / 1024,
      files: entries.map(([url, size]) => `${(size / 1024).toFixed(1)} KB ${new URL(url).pathname}`),
    };
  };
}

test('the JavaScript of /signin and of a signed-in first screen stay within their budgets', async ({ browser }) => {
  const signinContext = await browser.newContext();
  const signinPage = await signinContext.newPage();
  const signinScripts = scriptsOf(signinPage);
  await signinPage.goto('/signin');
  await expect(signinPage.locator('altcha-widget')).toBeAttached();
  await signinPage.waitForLoadState('networkidle');
  const signin = await signinScripts();
  console.log(`/signin: ${signin.kb.toFixed(1)} KB in ${signin.files.length} files`);

  await signIn(signinPage, 'cashier@demo.az');
  await closeTourWithEscape(signinPage);
  const storageState = await signinContext.storageState();
  await signinContext.close();

  // A returning user: the stored tokens, an empty cache.
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const firstScripts = scriptsOf(page);
  await page.goto('/app/sample-page');
  await expect(page.getByTestId('sample-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const first = await firstScripts();
  console.log(`first screen: ${first.kb.toFixed(1)} KB in ${first.files.length} files`);
  await context.close();

  expect(signin.kb, signin.files.join('\n')).toBeLessThanOrEqual(budgetsKb.signin);
  expect(first.kb, first.files.join('\n')).toBeLessThanOrEqual(budgetsKb.firstScreen);
});
