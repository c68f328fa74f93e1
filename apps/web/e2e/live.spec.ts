import type { FnBatch, ForPaymentForm, Group, Page as ListPage, Payment, User } from '@dnx/shared';
import type { Browser, Page } from '@playwright/test';
import { apiAs, availableRegions } from './support/access';
import { demoPassword, expect, signedIn, test } from './support/fixtures';
import {
  freeForms,
  paymentDocuments,
  paymentRowOf,
  regionName,
  regionOf,
  registerCarrier,
  uniqueVoen,
} from './support/online';

/**
 * A live back office (issue 47): two people in two browsers see each other's work appear without reloading, only
 * within their scope; presence and the early warning on a payment; a dropped stream resumes without missing a change.
 */

/** B issues a fresh batch of two forms to the demo operator, who accepts it: free forms for a payment. */
async function freeFormsOf(central: Page, operatorPage: Page): Promise<FnBatch> {
  return freeForms(await apiAs(central), await apiAs(operatorPage));
}

/** A payment under review of one free form of the batch, made through the API by `page`'s user. */
async function paymentOf(page: Page, batch: FnBatch, ownerName: string, index = 0): Promise<Payment> {
  const api = await apiAs(page);
  const free = await api.get<{ results: ForPaymentForm[] }>(`/api/fn/forms/for-payment/?series=${batch.series}`);
  const form = free.results[index] ?? free.results[0]!;
  return api.post<Payment>('/api/payments/', {
    owner_code: '1400123451',
    owner_name: ownerName,
    ...paymentDocuments,
    rows: [paymentRowOf(form, '10-AB-123', 18)],
  });
}

let staff = 0;
/** A member of the role group `group` (a cashier unless told) of `region`, made through the API as the admin; their page. */
async function staffOf(
  browser: Browser,
  baseURL: string | undefined,
  region: number,
  name: string,
  group = 'cashier',
): Promise<Page> {
  const admin = await signedIn(browser, baseURL, 'admin@demo.az');
  const api = await apiAs(admin);
  const groups = await api.get<ListPage<Group>>('/api/user/groups/?no_page=1');
  staff += 1;
  const email = `live.${group}.${Date.now().toString(36)}${staff}@demo.az`;
  await api.post<{ data: { data: User } }>('/api/user/users/create-account/', {
    email,
    password: demoPassword,
    confirm_password: demoPassword,
    first_name: name,
    last_name: 'Kassir',
    parent_name: 'Yoxlama',
    phone: '+994501112233',
    date_of_birth: '1990-04-15',
    region,
    groups: [groups.results.find((g) => g.code === group)!.id],
    user_permissions: [],
  });
  return signedIn(browser, baseURL, email);
}
const cashierOf = (browser: Browser, baseURL: string | undefined, region: number, name: string) =>
  staffOf(browser, baseURL, region, name);

const liveStatus = (page: Page) => page.getByTestId('live-status');
const rowOf = (page: Page, text: string) => page.locator('main tr.ant-table-row', { hasText: text });

/** Opens the payments under review, waits until it shows what the API counts and its stream is live; that count. */
async function openPayments(page: Page): Promise<number> {
  const { count } = await (await apiAs(page)).get<{ count: number }>('/api/payments/?status=1&per_page=10');
  await page.goto('/app/fn-payment?status=1');
  await expect(page.getByTestId('list-total')).toHaveText(`Cəmi: ${count}`);
  await expect(liveStatus(page)).toHaveAttribute('data-status', 'live');
  return count;
}

/** The count of a home statistic the page shows now. */
async function statistic(page: Page, key: string): Promise<number> {
  const link = page.getByTestId(`statistic-${key}`).getByTestId('statistic-link');
  await expect(link).toBeVisible();
  return Number(await link.getAttribute('data-count'));
}

test.describe('a live back office', () => {
  test("a carrier's online request appears in the reviewer's open list without a reload, behind a bar", async ({
    browser,
    baseURL,
  }) => {
    // The cashier reviews the carriers' registrations of their region.
    const reviewer = await signedIn(browser, baseURL, 'cashier@demo.az', { at: '/app/online-carrier?status=1' });
    await expect(reviewer.getByTestId('list-total')).toBeVisible();
    await expect(liveStatus(reviewer)).toHaveAttribute('data-status', 'live');
    // The stream sends the menu's counts at its start: the item is marked as counted, with a figure when above zero.
    const menuItem = reviewer.getByTestId('menu-count-online-carrier');
    await expect(menuItem).toBeAttached();
    const menuCount = menuItem.locator('.menu-count');
    const before = (await menuCount.count()) > 0 ? Number(await menuCount.innerText()) : 0;

    const carrierContext = await browser.newContext({ baseURL, locale: 'az-AZ' });
    const carrier = await carrierContext.newPage();
    const region = await regionName(carrier, await regionOf(reviewer));
    const name = `Canlı Daşıyıcı ${Date.now().toString(36)}`;
    await registerCarrier(carrier, {
      name,
      voen: uniqueVoen(),
      phone: '+994 50 765 43 21',
      email: 'canli.dasiyici@demo.az',
      region,
    });

    // The reviewer's rows stay put; the new request waits behind the bar, and the menu's count follows.
    const bar = reviewer.getByTestId('live-bar');
    await expect(bar).toContainText('1 yeni');
    await expect(rowOf(reviewer, name)).toHaveCount(0);
    await expect(menuCount).toHaveText(String(before + 1));
    await reviewer.getByTestId('live-show').click();
    await expect(rowOf(reviewer, name)).toBeVisible();
    await expect(rowOf(reviewer, name).getByTestId('live-mark')).toHaveText('Yeni');
    await expect(bar).toHaveCount(0);
    await carrierContext.close();
  });

  test("a cashier's payment updates another cashier's list and home counter; a cashier of another region sees nothing", async ({
    browser,
    baseURL,
  }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const operator = await signedIn(browser, baseURL, 'operator@demo.az');
    const batch = await freeFormsOf(central, operator);
    const cashier = await signedIn(browser, baseURL, 'cashier@demo.az');
    const region = await regionOf(cashier);
    const other = (await availableRegions(central)).find((r) => r.id !== region)!;
    const colleague = await cashierOf(browser, baseURL, region, 'Həmkar');
    const stranger = await cashierOf(browser, baseURL, other.id, 'Yad');

    // The colleague has the list open in one tab and the home in another; the stranger has the list open.
    const totalBefore = await openPayments(colleague);
    const home = await colleague.context().newPage();
    await home.goto('/app/sample-page');
    const homeBefore = await statistic(home, 'payments-today-1');
    const strangerTotal = await openPayments(stranger);

    const ownerName = `Canlı Ödəyici ${Date.now().toString(36)}`;
    await paymentOf(cashier, batch, ownerName);

    await expect(colleague.getByTestId('live-bar')).toContainText('1 yeni');
    await expect(colleague.getByTestId('list-total')).toHaveText(`Cəmi: ${totalBefore + 1}`);
    await colleague.getByTestId('live-show').click();
    await expect(rowOf(colleague, ownerName)).toBeVisible();
    await expect(home.getByTestId('statistic-payments-today-1').getByTestId('statistic-link')).toHaveAttribute(
      'data-count',
      String(homeBefore + 1),
    );

    // Another region's cashier: no bar, no row, the same total (their stream never carried it).
    await expect(stranger.getByTestId('live-bar')).toHaveCount(0);
    await expect(rowOf(stranger, ownerName)).toHaveCount(0);
    await expect(stranger.getByTestId('list-total')).toHaveText(`Cəmi: ${strangerTotal}`);
  });

  test('two cashiers on one payment: each sees the other, and the early warning comes once the other saves', async ({
    browser,
    baseURL,
  }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const operator = await signedIn(browser, baseURL, 'operator@demo.az');
    const batch = await freeFormsOf(central, operator);
    const cashier = await signedIn(browser, baseURL, 'cashier@demo.az');
    const colleague = await cashierOf(browser, baseURL, await regionOf(cashier), 'Redaktor');
    const payment = await paymentOf(cashier, batch, `Canlı Redaktə ${Date.now().toString(36)}`);

    await cashier.goto(`/app/fn-payment?form=${payment.id}`);
    await expect(cashier.getByTestId('payment-row-0')).toBeVisible();
    await colleague.goto(`/app/fn-payment?form=${payment.id}`);
    await expect(colleague.getByTestId('payment-row-0')).toBeVisible();

    await expect(cashier.getByTestId('presence-editors')).toContainText('Redaktor Kassir');
    // Both streams are open (each opens once its screen has read its data).
    await expect(liveStatus(cashier)).toHaveAttribute('data-status', 'live');
    await expect(liveStatus(colleague)).toHaveAttribute('data-status', 'live');
    await expect(colleague.getByTestId('presence-editors')).toBeVisible();
    const cashierName = (await colleague.getByTestId('presence-editors').innerText()).replace(/^.*:\s*/, '').trim();

    // The cashier saves; the colleague is told before they try to save, by name, and reloads their form.
    await cashier.getByLabel('Telefon', { exact: true }).fill('+994501112233');
    await cashier.getByTestId('payment-save').click();
    await expect(cashier).toHaveURL(/\/app\/fn-payment$/);
    const warning = colleague.getByTestId('presence-saved');
    await expect(warning).toContainText(`${cashierName} bu qeydi yadda saxladı`);
    // The cashier left the form: nobody else has it open any more.
    await expect(colleague.getByTestId('presence-editors')).toHaveCount(0);
    await colleague.getByTestId('presence-reload').click();
    await expect(warning).toHaveCount(0);
    await expect(colleague.getByLabel('Telefon', { exact: true })).toHaveValue('+994501112233');
  });

  test('two administrators on one reference record: the generic form shows the other, and warns once they save', async ({
    browser,
    baseURL,
  }) => {
    const admin = await signedIn(browser, baseURL, 'admin@demo.az');
    const colleague = await staffOf(browser, baseURL, await regionOf(admin), 'Redaktor', 'admin');
    const name = `Canlı şirkət ${Date.now().toString(36).toUpperCase()}`;
    const company = await (await apiAs(admin)).post<{ id: number }>('/api/route-companies/', { name, status: 1 });
    const nameField = (page: Page) => page.getByTestId('resource-form').getByLabel('Ad', { exact: true });
    for (const page of [admin, colleague]) {
      await page.goto(`/app/route-companies-edit/${company.id}`);
      await expect(nameField(page)).toHaveValue(name);
      await expect(liveStatus(page)).toHaveAttribute('data-status', 'live');
    }
    await expect(admin.getByTestId('presence-editors')).toContainText('Redaktor Kassir');
    await expect(colleague.getByTestId('presence-editors')).toBeVisible();

    await nameField(admin).fill(`${name} (yeni)`);
    await admin.getByTestId('resource-form-save').click();
    await expect(admin).toHaveURL(/\/app\/route-companies$/);
    const warning = colleague.getByTestId('presence-saved');
    await expect(warning).toContainText('bu qeydi yadda saxladı');
    await expect(colleague.getByTestId('presence-editors')).toHaveCount(0);
    await colleague.getByTestId('presence-reload').click();
    await expect(warning).toHaveCount(0);
    await expect(nameField(colleague)).toHaveValue(`${name} (yeni)`);
  });

  test('a dropped stream resumes from the last event and misses no change', async ({ browser, baseURL }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const operator = await signedIn(browser, baseURL, 'operator@demo.az');
    const batch = await freeFormsOf(central, operator);
    const cashier = await signedIn(browser, baseURL, 'cashier@demo.az');
    const colleague = await cashierOf(browser, baseURL, await regionOf(cashier), 'Qopan');
    await openPayments(colleague);
    // An event first, so that the stream has an id to resume from.
    await paymentOf(cashier, batch, `Canlı Birinci ${Date.now().toString(36)}`, 0);
    await expect(colleague.getByTestId('live-bar')).toContainText('1 yeni');

    // The next connection fails once; the ones after it go through. Each carries the id it resumes from.
    const resumedFrom: (string | null)[] = [];
    let failed = false;
    await colleague.route(/\/api\/events\//, async (route) => {
      resumedFrom.push(route.request().headers()['last-event-id'] ?? null);
      if (!failed) {
        failed = true;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await colleague.context().setOffline(true);
    await expect(liveStatus(colleague)).toHaveAttribute('data-status', 'reconnecting');

    // Meanwhile the cashier makes another payment: the colleague's stream is down.
    const missed = `Canlı İkinci ${Date.now().toString(36)}`;
    await paymentOf(cashier, batch, missed, 1);
    await colleague.context().setOffline(false);

    await expect(liveStatus(colleague)).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
    expect(resumedFrom.length).toBeGreaterThanOrEqual(2);
    expect(resumedFrom.every((id) => id !== null && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/.test(id))).toBe(true);
    // The missed payment comes by the resumed stream: both wait behind the bar.
    await expect(colleague.getByTestId('live-bar')).toContainText('2 yeni');
    await colleague.getByTestId('live-show').click();
    await expect(rowOf(colleague, missed)).toBeVisible();
  });

  test('the stream opens after the first screen has read its data: the page still reaches network idle', async ({
    browser,
    baseURL,
  }) => {
    // The stream never ends; opened at once it would keep the page from ever settling (the page-weight budget and
    // the accessibility checks wait for that).
    const page = await signedIn(browser, baseURL, 'cashier@demo.az');
    await page.goto('/app/sample-page');
    await page.waitForLoadState('networkidle', { timeout: 15_000 });
    await expect(liveStatus(page)).toHaveAttribute('data-status', 'live');
  });
});
