import { appRoutes } from '@dnx/shared';
import { createUserViaApi } from './support/access';
import { expect, listAnswered, openInApp, signedIn, test } from './support/fixtures';

/**
 * Issue 29: at 1280 px (a common office laptop) every list shows what matters without scrolling sideways; its
 * default columns are chosen for that. Each list an administrator can open is measured with its demo rows.
 */

const lists = appRoutes.filter((route) => route.menu && route.roles !== 'all');

test('every list fits at 1280 px with its default columns', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, baseURL, 'admin@demo.az', { viewport: { width: 1280, height: 800 } });
  // An e-mail address with no place to break, newest in the users list and the audit log: it wraps, not widens them.
  const long = `uzun.${'poctunvaniyoxlamasi'.repeat(2)}.${Date.now().toString(36)}@demo.az`;
  await createUserViaApi(page, long, 'operator', 'UzunUnvan2024');
  const measured: string[] = [];
  const scrolling: string[] = [];
  for (const route of lists) {
    await openInApp(page, `/app/${route.path}`, route.title);
    const table = page.getByTestId('resource-table');
    await expect(page.getByRole('heading', { name: route.title, exact: true }).first()).toBeVisible();
    if ((await table.count()) === 0) continue;
    await listAnswered(page);
    await expect(page.locator('.ant-table-tbody tr:not(.ant-table-measure-row)').first(), route.path).toBeVisible();
    const widths = await page
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    measured.push(route.path);
    if (widths.scroll > widths.client + 1) scrolling.push(`${route.path}: ${widths.scroll} > ${widths.client}`);
  }
  console.log(measured.join(' '));
  expect(measured.length).toBeGreaterThan(20);
  expect(scrolling).toEqual([]);
  await page.context().close();
});
