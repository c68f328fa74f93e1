import {
  appRoutes,
  hasPermissions,
  menuSections,
  rolePermissions,
  type Group,
  type Page as ListPage,
  type RoleCode,
  type User,
} from '@dnx/shared';
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { demoPassword, sessionToken } from './fixtures';

/** The side menu a role gets by the shared matrix: section titles, and the screens under them, by path. */
export function expectedMenu(role: RoleCode): { sections: string[]; paths: string[] } {
  const held = rolePermissions[role];
  const routes = appRoutes.filter((r) => r.menu && hasPermissions(held, r.permissions));
  const sections = menuSections
    .filter((s) => s.key !== 'home' && routes.some((r) => r.menu === s.key))
    .map((s) => s.title);
  return { sections, paths: routes.map((r) => `/app/${r.path}`).sort() };
}

/** What the side menu shows once every section is opened. */
export async function shownMenu(menu: Locator): Promise<{ sections: string[]; paths: string[] }> {
  // Every signed-in user has the landing page: once it shows, the menu is complete.
  await expect(menu.locator('a[href="/app/sample-page"]')).toBeVisible();
  const titles = menu.locator('.ant-menu-submenu-title');
  const sections = (await titles.allInnerTexts()).map((s) => s.trim());
  for (let i = 0; i < sections.length; i += 1) await titles.nth(i).click();
  // Every section's items are rendered once it has opened.
  await expect(menu.locator('.ant-menu-submenu-open')).toHaveCount(sections.length);
  const hrefs = await menu.locator('a[href^="/app/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  return { sections, paths: [...new Set(hrefs.filter((h): h is string => !!h))].sort() };
}

export interface DemoRegion {
  id: number;
  name: string;
}

/** Calls to the API with a bearer; `renew` gives a fresh one after a 401 (the call is then sent again once). */
export interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, data: unknown): Promise<T>;
}

function apiWith(request: APIRequestContext, bearer: string, password: string, renew?: () => Promise<string>): Api {
  let headers = { authorization: `Bearer ${bearer}` };
  const send = async (method: 'get' | 'post', path: string, data?: unknown): Promise<APIResponse> => {
    let res = await request[method](path, { headers, data });
    if (res.status() === 401 && renew) {
      headers = { authorization: `Bearer ${await renew()}` };
      res = await request[method](path, { headers, data });
    }
    return res;
  };
  return {
    async get<T>(path: string): Promise<T> {
      const res = await send('get', path);
      expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
      return (await res.json()) as T;
    },
    async post<T>(path: string, data: unknown): Promise<T> {
      let res = await send('post', path, data);
      if (res.status() === 403 && ((await res.json()) as { code?: string }).code === 'step_up_required') {
        const confirmed = await request.post('/api/user/mfa/step-up/', { headers, data: { password } });
        expect(confirmed.ok(), `step-up: ${confirmed.status()} ${await confirmed.text()}`).toBe(true);
        res = await send('post', path, data);
      }
      expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
  };
}

/**
 * The signed-in page's bearer: the e2e tests build their own records through the API as the admin. A call that asks
 * a fresh confirmation (403 `step_up_required`: acting on another account, issue 40) is confirmed with the password,
 * as the web client's dialog does, and sent again once.
 */
export async function apiAs(page: Page, password = demoPassword): Promise<Api> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return apiWith(page.request, token ?? '', password);
}

/**
 * The API as a demo account, with no page of the app opened for it: the bearer of the worker's stored session
 * (`sessionToken`), renewed once if the server ended that session. For records a test needs made by someone else
 * (a batch issued and accepted for a payment), so the test opens only the screens it is about (issue 43).
 */
export async function apiOf(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string | undefined,
  email: string,
): Promise<Api> {
  const token = await sessionToken(browser, baseURL, email);
  return apiWith(request, token, demoPassword, () => sessionToken(browser, baseURL, email, true));
}

let counter = 0;
/** A unique address per call, so every test makes its own users. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@demo.az`;
}

/** The form item of a labelled field. */
export const formItem = (page: Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });

/** The field's error slot: Ant Design puts the message right under the field it belongs to. */
export const errorUnder = (page: Page, label: string) => formItem(page, label).locator('.ant-form-item-explain');

export async function pickSelectOption(page: Page, field: Locator, text: string) {
  await field.click();
  const input = field.locator('input');
  await input.fill(text);
  // The field's own list (its input controls it): another select's list may still be closing, with the same text.
  const listId = await input.getAttribute('aria-controls');
  const dropdown = listId
    ? page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) })
    : page.locator('.ant-select-dropdown:visible');
  await dropdown.locator('.ant-select-item-option', { hasText: text }).first().click();
}

/** The open list of a select, found through its input (`aria-controls`): never another select's closing list. */
export async function selectList(page: Page, field: Locator): Promise<Locator> {
  const listId = await field.locator('input').getAttribute('aria-controls');
  return listId
    ? page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) })
    : page.locator('.ant-select-dropdown:visible');
}

/** Picks an option of a select that takes no typing (no search box), from its own list as `pickSelectOption`. */
export async function chooseSelectOption(page: Page, field: Locator, text: string) {
  await field.click();
  await (await selectList(page, field)).locator('.ant-select-item-option', { hasText: text }).first().click();
}

/** Moves the records matching `search` from the left list of an assign window to the right one. */
export async function assign(window: Locator, search: string, names: string[]) {
  const left = window.locator('.ant-transfer-section').first();
  await left.getByPlaceholder('Axtar').fill(search);
  for (const name of names) {
    await left.locator('.ant-transfer-list-content-item', { hasText: name }).first().click();
  }
  await window.getByRole('button', { name: /Əlavə et/ }).click();
  const right = window.locator('.ant-transfer-section').nth(1);
  for (const name of names) await expect(right.getByText(name, { exact: false }).first()).toBeVisible();
  await left.getByPlaceholder('Axtar').fill('');
}

/** The active regions, as the region picker lists them (`GET /api/regions/available/`). */
export async function availableRegions(admin: Page): Promise<DemoRegion[]> {
  return (await apiAs(admin)).get<DemoRegion[]>('/api/regions/available/');
}

/** A user made through the API as the admin (in the first region, of a role group or none), for tests whose subject is not the form. */
export async function createUserViaApi(admin: Page, email: string, groupCode: string | null, password: string) {
  const api = await apiAs(admin);
  const groups = await api.get<ListPage<Group>>('/api/user/groups/?no_page=1');
  const group = groups.results.find((g) => g.code === groupCode);
  const [region] = await availableRegions(admin);
  const res = await api.post<{ data: { data: User } }>('/api/user/users/create-account/', {
    email,
    password,
    confirm_password: password,
    first_name: 'Test',
    last_name: 'İstifadəçi',
    parent_name: 'Yoxlama',
    phone: '+994501112233',
    date_of_birth: '1990-04-15',
    region: region!.id,
    groups: group ? [group.id] : [],
    user_permissions: [],
  });
  return res.data.data;
}
