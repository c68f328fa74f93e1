import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { appRoutes, bakuDay, roles, type AppRoute, type RoleLetter } from '@dnx/shared';
import { apiOf, createUserViaApi, uniqueEmail } from './support/access';
import { audit, report, type Finding } from './support/axe';
import type { Browser, Page } from '@playwright/test';
import {
  animationsSettled,
  clickInDialog,
  closeTourWithEscape,
  expect,
  openInApp,
  openUserMenu,
  searchList,
  signIn,
  signedIn,
  test,
} from './support/fixtures';
import {
  fillMarks,
  freeAvtobusForms,
  passFormCaptcha,
  phone,
  regionName,
  regionOf,
  registerCarrier,
  trackingCode,
  uniqueVoen,
} from './support/online';

/**
 * WCAG 2.2 AA (issue 11): axe-core on every screen of the route table, for every role that may open it, plus an
 * open form with its errors shown, a confirmation dialog, the navigation drawer at 800 px and the not-found page.
 * The screens come from the route table, so a screen the domain adds is checked without editing this test.
 */

const wide = { width: 1400, height: 1000 };
/** The demo account of each role (README). */
const demoEmail: Record<RoleLetter, string> = {
  A: 'admin@demo.az',
  B: 'central@demo.az',
  C: 'inspector@demo.az',
  D: 'cashier@demo.az',
  E: 'regional@demo.az',
  F: 'operator@demo.az',
};

const mayOpen = (route: AppRoute, letter: RoleLetter) => route.roles === 'all' || route.roles.includes(letter);
const hasPk = (route: AppRoute) => route.path.includes(':pk');
/** The addresses of a `:pk` screen: `/app/regions-edit/5`, `/app/transport-types-edit/3?resource=…`. */
const addressPattern = (route: AppRoute) => new RegExp(`^/app/${route.path.replace(':pk', '[^/?#]+')}(\\?[^#]*)?$`);

/**
 * Waits until the screen has drawn: its skeletons, spinners and busy buttons gone (a report still running shows
 * only in its button; the screen that follows it changes colours in transitions axe must not measure halfway).
 */
async function settled(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('main .ant-skeleton-active, main .ant-spin-spinning, main .ant-btn-loading')).toHaveCount(
    0,
    { timeout: 15_000 },
  );
}

/**
 * The shape of the screen's main part as axe judges it: elements with their classes, roles, states and styles, and
 * where text stands, but not the texts, names or addresses of the records shown. Two roles' screens of one shape
 * differ only in data.
 */
async function markupOf(page: Page): Promise<string> {
  const shape = await page.locator('main').evaluate((main) => {
    const kept = new Set(['class', 'role', 'style', 'type', 'tabindex', 'disabled', 'aria-hidden', 'aria-expanded']);
    const walk = (element: Element): string => {
      const attributes = [...element.attributes]
        .map((a) =>
          kept.has(a.name) || a.name.startsWith('aria-') ? `${a.name}=${kept.has(a.name) ? a.value : ''}` : a.name,
        )
        .sort()
        .join(' ');
      const text = [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())
        ? '#'
        : '';
      return `<${element.tagName} ${attributes}>${text}${[...element.children].map(walk).join('')}</>`;
    };
    return walk(main);
  });
  return createHash('sha256').update(shape).digest('hex');
}

/**
 * True the first time a screen's markup comes up in this run, across the workers (a file per shape in the run's
 * folder): a screen that several roles open with the same markup is audited once (a race of two workers audits it
 * twice, which costs only time).
 */
function firstAuditOf(markup: string, variant = ''): boolean {
  const file = path.join(process.env.E2E_WORK_DIR!, `axe-${variant}${markup}`);
  try {
    writeFileSync(file, '', { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Another way of walking a role's screens: as another account of the role, prepared after sign-in (a theme chosen),
 * its screens audited under their own name even where the demo account's walk audited the same markup.
 */
interface Variant {
  name: string;
  email: string;
  password: string;
  prepare: (page: Page) => Promise<void>;
}

/** One of the parts a long walk is cut into, so that the workers share it: every `of`-th screen from `index`. */
interface Part {
  index: number;
  of: number;
}
const partOf = <T>(items: readonly T[], part: Part) => items.filter((_, i) => i % part.of === part.index);

/**
 * The screens a role may open that a part of its walk visits: its share of the screens without a record, and in the
 * last part every record's screen.
 */
const screensOf = (letter: RoleLetter, part: Part) => {
  const routes = appRoutes.filter((r) => mayOpen(r, letter));
  const plain = partOf(
    routes.filter((r) => !hasPk(r)),
    part,
  ).length;
  return part.index === part.of - 1 ? plain + routes.filter(hasPk).length : plain;
};

/** The administrator opens most screens: their walk is cut in two. */
const partsOfWalk = (letter: RoleLetter) => (letter === 'A' ? 2 : 1);

/**
 * Every screen a role may open (or a part of them), as that role: a record's screens at an address its list links
 * to.
 */
async function auditRole(
  browser: Browser,
  baseURL: string | undefined,
  letter: RoleLetter,
  variant?: Variant,
  part: Part = { index: 0, of: 1 },
): Promise<{ findings: Finding[]; visited: number }> {
  // A demo account's session is the worker's one (signed in through the screen once, then stored); a variant's own
  // account signs in through the screen.
  let page: Page;
  if (variant) {
    page = await (await browser.newContext({ baseURL, viewport: wide })).newPage();
    await signIn(page, variant.email, variant.password);
    await closeTourWithEscape(page);
    await variant.prepare(page);
  } else page = await signedIn(browser, baseURL, demoEmail[letter], { viewport: wide });
  const context = page.context();
  const prefix = variant ? `${variant.name} ` : '';
  const routes = appRoutes.filter((r) => mayOpen(r, letter));
  const addresses = new Map<string, string>();
  const findings: Finding[] = [];
  let visited = 0;

  // The links of the screen shown give the addresses of records' screens.
  const collectAddresses = async () => {
    const hrefs = await page
      .locator('main a[href^="/app/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    for (const pkRoute of routes.filter(hasPk)) {
      if (addresses.has(pkRoute.key)) continue;
      const href = hrefs.find((h) => addressPattern(pkRoute).test(h) && !h.includes('/new'));
      if (href) addresses.set(pkRoute.key, href);
    }
  };

  const visit = async (route: AppRoute, address: string) => {
    await openInApp(page, address, route.title);
    await settled(page);
    visited += 1;
    // The role's own chrome (menu, header) is audited with its first screen, the screens after it in their main
    // part (a third less of axe's time); a screen whose markup another role's walk has audited already is not
    // audited again.
    if (visited === 1) findings.push(...(await audit(page, `${prefix}${letter} ${route.key}`)));
    else if (firstAuditOf(await markupOf(page), prefix))
      findings.push(...(await audit(page, `${prefix}${letter} ${route.key}`, 'main')));
    await collectAddresses();
    // A creating form with its errors shown: save (or the first step's "next") with every field empty.
    if (route.key.endsWith('-create')) {
      const save = page.locator('[data-testid="user-form-next"], [data-testid$="-form-save"]').first();
      if (await save.isVisible()) {
        await save.click();
        await expect(page.locator('main .ant-form-item-explain-error').first()).toBeVisible();
        findings.push(...(await audit(page, `${prefix}${letter} ${route.key} with errors`, 'main')));
      }
    }
  };

  const plain = routes.filter((r) => !hasPk(r));
  for (const route of partOf(plain, part)) await visit(route, `/app/${route.path}`);
  if (part.index < part.of - 1) {
    await context.close();
    return { findings, visited };
  }
  // The last part walks the records' screens; a list of another part that links to one is opened for its link.
  for (const route of plain.filter((r) => !partOf(plain, part).includes(r))) {
    if (routes.filter(hasPk).every((r) => addresses.has(r.key))) break;
    await openInApp(page, `/app/${route.path}`, route.title);
    await settled(page);
    await collectAddresses();
  }
  for (const route of routes.filter(hasPk)) {
    // A screen no list links to yet (a domain still to come) is checked at a record that is not there.
    await visit(route, addresses.get(route.key) ?? `/app/${route.path.replace(':pk', '1')}`);
  }
  await context.close();
  return { findings, visited };
}

test.describe('accessibility: WCAG 2.2 AA, no serious or critical violation', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the public pages and the not-found page', async ({ page }) => {
    await page.setViewportSize(wide);
    const findings: Finding[] = [];
    for (const path of ['/signin', '/forget-password', '/reset-password/abc', '/app/no-such-screen', '/nowhere']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      findings.push(...(await audit(page, path)));
    }
    expect(report(findings)).toBe('');
  });

  for (const { letter, code } of roles) {
    const of = partsOfWalk(letter);
    for (let index = 0; index < of; index += 1) {
      const part = { index, of };
      test(`every screen of role ${letter} (${code})${of > 1 ? `, part ${index + 1} of ${of}` : ''}`, async ({
        browser,
        baseURL,
      }) => {
        const { findings, visited } = await auditRole(browser, baseURL, letter, undefined, part);
        expect(visited).toBe(screensOf(letter, part));
        expect(report(findings)).toBe('');
      });
    }
  }

  test("the parts of the administrator's walk together visit every screen the role may open", () => {
    const of = partsOfWalk('A');
    const total = Array.from({ length: of }, (_, index) => screensOf('A', { index, of })).reduce((a, b) => a + b, 0);
    expect(total).toBe(appRoutes.filter((r) => mayOpen(r, 'A')).length);
  });

  test('every screen of role F (operator) in the dark and compact themes together (issue 30)', async ({
    browser,
    baseURL,
  }) => {
    const admin = await signedIn(browser, baseURL, 'admin@demo.az');
    const email = uniqueEmail('themes.operator');
    const password = 'Qaranliq2024';
    await createUserViaApi(admin, email, 'operator', password);
    await admin.context().close();
    const { findings, visited } = await auditRole(browser, baseURL, 'F', {
      name: 'dark+compact',
      email,
      password,
      // Both chosen from the user menu, as a person does; kept on the server, they apply at once.
      prepare: async (user) => {
        for (const theme of ['dark_theme', 'compact_theme']) {
          await openUserMenu(user);
          await user.getByTestId(`theme-${theme}`).click();
          await expect(user.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
        }
        await expect(user.locator('html')).toHaveAttribute('data-theme', 'dark');
        await openUserMenu(user);
        await expect(user.getByTestId('theme-compact_theme')).toHaveAttribute('aria-checked', 'true');
        await user.keyboard.press('Escape');
      },
    });
    expect(visited).toBe(appRoutes.filter((r) => mayOpen(r, 'F')).length);
    expect(report(findings)).toBe('');
  });

  test("the forms' tabs, assign window, range dialog and void dialog (active-fn)", async ({ browser, baseURL }) => {
    const page = await signedIn(browser, baseURL, 'operator@demo.az', { viewport: wide });
    const findings: Finding[] = [];
    for (const tab of ['by-inspector', 'by-operator']) {
      await page.goto(`/app/active-fn?tab=${tab}`);
      await settled(page);
      findings.push(...(await audit(page, `active-fn ${tab}`)));
    }

    await page.getByTestId('fn-open-share-window').click();
    const shareWindow = page.getByTestId('fn-share-window');
    // Both sides are server pages, read once the inspector is chosen; a choice made while the list is still
    // opening can be lost, so it is made again until they show.
    const firstItem = shareWindow.locator('.ant-transfer-list-content-item').first();
    await expect(async () => {
      if (!(await firstItem.isVisible())) {
        await shareWindow.locator('.ant-select').first().click({ timeout: 2_000 });
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'inspector@demo.az' })
          .click({ timeout: 2_000 });
      }
      await expect(firstItem).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    findings.push(...(await audit(page, 'assign window of forms', '.ant-modal-root')));
    await page.keyboard.press('Escape');
    await expect(shareWindow).toBeHidden();

    await page.getByTestId('fn-open-range').click();
    await page.getByTestId('fn-range-share').click();
    await expect(page.locator('.ant-modal .ant-form-item-explain-error').first()).toBeVisible();
    findings.push(...(await audit(page, 'range dialog with errors', '.ant-modal-root')));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('fn-range-form')).toBeHidden();

    await page.goto('/app/active-fn');
    await settled(page);
    await page
      .locator('main .ant-table-row')
      .first()
      .getByRole('button', { name: /Ləğv et/ })
      .click();
    const voidForm = page.getByTestId('fn-void-form');
    // A click while the dialog is still opening can be lost: click until the error shows.
    await expect(async () => {
      await voidForm.getByRole('button', { name: 'Ləğv et' }).click({ timeout: 2_000 });
      await expect(voidForm.locator('.ant-form-item-explain-error')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    findings.push(...(await audit(page, 'void dialog with its error', '.ant-modal-root')));
    await page.keyboard.press('Escape');
    expect(report(findings)).toBe('');
  });

  test('the payment form with its errors, its dialogs and the public check (fn-payment, /verify)', async ({
    browser,
    baseURL,
  }) => {
    const page = await signedIn(browser, baseURL, 'operator@demo.az', { viewport: wide });
    const findings: Finding[] = [];

    await page.goto('/app/fn-payment?form=new');
    await settled(page);
    await page.getByTestId('payment-free-form').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByTestId('payment-add-row').click();
    const row = page.getByTestId('payment-row-0');
    await row.locator('#row-0-plate').fill('99-ZZ-999');
    await page.getByTestId('row-0-lookup-plate').click();
    await expect(page.getByTestId('row-0-service-errors')).toBeVisible();
    await page.getByTestId('payment-save').click();
    await expect(page.locator('main .ant-form-item-explain-error').first()).toBeVisible();
    findings.push(...(await audit(page, 'payment form with a row, a service error and field errors')));

    const ownerName = `Əlçatanlıq Yoxlaması ${Date.now().toString(36)}`;
    await page.getByLabel('VÖEN', { exact: true }).fill('1400123451');
    await page.getByLabel('Ödəyicinin adı').fill(ownerName);
    // Paying needs both insurance records.
    for (const which of ['MDSSH', 'İTSDA']) {
      await page.getByLabel(`${which} nömrəsi`).fill(`${which}-${Date.now()}`);
      await page.getByLabel(`${which} tarixi`).fill('01.01.2026');
      await page.getByLabel(`${which} tarixi`).blur();
      await page.getByLabel(`${which} məbləği`).fill('10,00');
    }
    await row.locator('#row-0-plate').fill('10-AB-123');
    await page.getByTestId('row-0-lookup-plate').click();
    await expect(page.getByTestId('row-0-service-errors')).toHaveCount(0);
    await page.getByTestId('payment-save').click();
    await expect(page.getByTestId('fn-payment-page')).toBeVisible();
    await settled(page);
    const listed = page.locator('main tr.ant-table-row', { hasText: ownerName });

    await listed.getByRole('button', { name: /^Ləğv et/ }).click();
    const cancel = page.getByTestId('payment-cancel-form');
    // A click while the dialog still zooms in may land beside its button (CI: the pay dialog showed no error).
    await animationsSettled(page, 2_000);
    await cancel.getByRole('button', { name: 'Ləğv et' }).click();
    await expect(cancel.locator('.ant-form-item-explain-error')).toBeVisible();
    findings.push(...(await audit(page, 'cancel dialog with its error', '.ant-modal-root')));
    await page.keyboard.press('Escape');
    await expect(cancel).toBeHidden();

    await listed.getByRole('button', { name: /^Təqdim et/ }).click();
    await expect(page.locator('.ant-popconfirm')).toBeVisible();
    findings.push(...(await audit(page, 'submit confirmation', '.ant-popover')));
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Təqdim et' }).click();
    await expect(listed).toContainText('Ödəniş gözlənilir');

    await listed.getByRole('button', { name: /^Ödənişi qeyd et/ }).click();
    const pay = page.getByTestId('payment-pay-form');
    await animationsSettled(page, 2_000);
    await pay.getByRole('button', { name: 'Ödənişi qeyd et' }).click();
    await expect(pay.locator('.ant-form-item-explain-error').first()).toBeVisible();
    findings.push(...(await audit(page, 'pay dialog with its error', '.ant-modal-root')));
    await pay.getByLabel('Bank qəbzinin nömrəsi').fill(`A11Y-${Date.now()}`);
    // The server's "today" is the UTC day.
    const [y, m, d] = new Date().toISOString().slice(0, 10).split('-');
    await pay.getByLabel('Bank qəbzinin tarixi').fill(`${d}.${m}.${y}`);
    await pay.getByLabel('Bank qəbzinin tarixi').blur();
    await pay.getByRole('button', { name: 'Ödənişi qeyd et' }).click();
    await expect(listed).toContainText('Ödənilib');
    const check = await listed.getByRole('link', { name: /Yoxlama səhifəsi/ }).getAttribute('href');

    await page.goto(check!);
    await expect(page.getByTestId('verify-verdict')).toBeVisible();
    findings.push(...(await audit(page, '/verify/{code}')));
    await page.goto('/verify/not-a-code');
    await expect(page.getByTestId('verify-not-found')).toBeVisible();
    findings.push(...(await audit(page, '/verify/not-a-code')));
    expect(report(findings)).toBe('');
  });

  test("the carriers' public pages (/online with its errors, both requests, wide and at 360 px; /online/status not found and priced) and the review screens with the reject dialog", async ({
    browser,
    baseURL,
    request,
  }) => {
    const findings: Finding[] = [];
    const visitor = await (await browser.newContext({ baseURL, viewport: wide })).newPage();
    await visitor.goto('/online');
    const carrierForm = visitor.getByTestId('online-carrier-form');
    await expect(carrierForm).toBeVisible();
    findings.push(...(await audit(visitor, '/online')));
    // With a verified widget, an empty request shows every field's error.
    await passFormCaptcha(carrierForm);
    await carrierForm.getByTestId('online-request-submit').click();
    await expect(carrierForm.locator('.ant-form-item-explain-error').first()).toBeVisible();
    findings.push(...(await audit(visitor, '/online with errors')));
    await visitor.getByRole('tab', { name: 'Nişan üçün müraciət' }).click();
    const marksForm = visitor.getByTestId('online-payment-form');
    await expect(marksForm).toBeVisible();
    await marksForm.getByTestId('online-add-vehicle').click();
    await passFormCaptcha(marksForm);
    await marksForm.getByTestId('online-request-submit').click();
    await expect(marksForm.locator('.ant-form-item-explain-error').first()).toBeVisible();
    findings.push(...(await audit(visitor, '/online?tab=payment with errors')));
    await visitor.goto('/online/status');
    await expect(visitor.getByTestId('online-status-form')).toBeVisible();
    findings.push(...(await audit(visitor, '/online/status')));
    await visitor.goto('/online/status?code=AAAA-BBBB-CCCC&voen=1234567891');
    await expect(visitor.getByTestId('online-status-missing')).toBeVisible();
    findings.push(...(await audit(visitor, '/online/status not found')));

    // On a phone: a registration sent, its code shown; a request for marks sent.
    const mobile = await (await browser.newContext({ baseURL, viewport: phone, isMobile: true })).newPage();
    const cashier = await signedIn(browser, baseURL, 'cashier@demo.az', { viewport: wide });
    const region = await regionName(mobile, await regionOf(cashier));
    for (const path of ['/online', '/online?tab=payment', '/online/status']) {
      await mobile.goto(path);
      await mobile.waitForLoadState('networkidle');
      findings.push(...(await audit(mobile, `${path} at 360 px`)));
    }
    const voen = uniqueVoen();
    const carrierCode = await registerCarrier(mobile, {
      name: `Əlçatanlıq Daşıyıcısı ${Date.now().toString(36)}`,
      voen,
      phone: '+994501234567',
      email: `elcatan.${Date.now().toString(36)}@demo.az`,
      region,
    });
    findings.push(...(await audit(mobile, '/online sent, at 360 px')));
    const central = await apiOf(browser, request, baseURL, 'central@demo.az');
    const operator = await apiOf(browser, request, baseURL, 'operator@demo.az');
    await freeAvtobusForms(central, operator);
    await mobile.goto('/online?tab=payment');
    const marks = await fillMarks(mobile, {
      ownerCode: '1400123451',
      ownerName: `Əlçatanlıq Sifarişçisi ${Date.now().toString(36)}`,
      region,
      vehicles: [{ plate: '10-AB-123', seats: '18' }],
    });
    await passFormCaptcha(marks);
    await marks.getByTestId('online-request-submit').click();
    const marksCode = await trackingCode(mobile);

    await cashier.goto(`/app/online-carrier?search=${carrierCode}`);
    await cashier
      .locator('main tr.ant-table-row')
      .first()
      .getByRole('link', { name: /^Müraciətə bax/ })
      .click();
    await expect(cashier.getByTestId('online-carrier-details')).toBeVisible();
    await settled(cashier);
    findings.push(...(await audit(cashier, 'online-carrier review')));
    await cashier.getByTestId('online-reject').click();
    const reject = cashier.getByTestId('online-reject-form');
    // A click while the dialog is still opening can be lost: click until the error shows.
    await expect(async () => {
      await reject.getByRole('button', { name: 'Rədd et' }).click({ timeout: 2_000 });
      await expect(reject.locator('.ant-form-item-explain-error')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    findings.push(...(await audit(cashier, 'reject dialog with its error', '.ant-modal-root')));
    await cashier.keyboard.press('Escape');
    await expect(reject).toBeHidden();

    await cashier.goto(`/app/online-payment?search=${marksCode}`);
    await cashier
      .locator('main tr.ant-table-row')
      .first()
      .getByRole('link', { name: /^Müraciətə bax/ })
      .click();
    await expect(cashier.getByTestId('online-payment-vehicles')).toBeVisible();
    await settled(cashier);
    findings.push(...(await audit(cashier, 'online-payment review')));
    await cashier.getByTestId('online-accept').click();
    await clickInDialog(cashier, 'online-accept-confirm');
    await expect(cashier.getByTestId('online-open-payment-now')).toBeVisible();
    findings.push(...(await audit(cashier, 'payment made dialog', '.ant-modal-root')));

    await mobile.goto(`/online/status?code=${marksCode}&voen=1400123451`);
    await expect(mobile.getByTestId('online-status-total')).toBeVisible();
    findings.push(...(await audit(mobile, '/online/status priced, at 360 px')));
    expect(report(findings)).toBe('');
  });

  test('a bus route: the form with stops and its errors, the edit screen with its drawing and history, and a past day', async ({
    browser,
    baseURL,
  }) => {
    const page = await signedIn(browser, baseURL, 'admin@demo.az', { viewport: wide });
    const findings: Finding[] = [];
    const number = `A${Date.now().toString(36).slice(-6).toUpperCase()}`;
    const form = page.getByTestId('bus-route-form');
    const pick = async (field: string, text: string) => {
      await form
        .locator('.ant-select')
        .filter({ has: page.locator(`#${field}`) })
        .click();
      await page.locator(`#${field}`).fill(text);
      const list = page.locator('.ant-select-dropdown', {
        has: page.locator(`[id="${await page.locator(`#${field}`).getAttribute('aria-controls')}"]`),
      });
      await list.locator('.ant-select-item-option', { hasText: text }).first().click();
    };

    await page.goto('/app/bus-routes-create');
    await settled(page);
    for (const name of ['Gənclik', '']) {
      await page.getByTestId('route-point-add').click();
      await page.keyboard.type(name);
    }
    await page.getByTestId('bus-route-form-save').click();
    await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
    findings.push(...(await audit(page, 'bus-routes-create with stops and errors')));

    await pick('transport_type', 'Avtobus');
    await form.locator('#name').fill(`Əlçatanlıq ${number}`);
    await form.locator('#number').fill(number);
    await pick('region', 'Gəncə');
    await pick('city', 'Gəncə');
    await pick('destination_city', 'Şəki');
    await form.locator('#cover').fill('Şəhərdaxili');
    await form.locator('#route_points_1_name').fill('Sahil');
    await page.getByTestId('bus-route-form-save').click();
    await expect(page).toHaveURL(/\/app\/bus-routes(\?.*)?$/);
    await searchList(page, number, 1);
    await page
      .locator('main tr.ant-table-row', { hasText: number })
      .getByRole('link', { name: new RegExp(`^Redaktə et: ${number}`) })
      .click();
    await expect(page.getByTestId('bus-route-history').locator('[data-action="create"]')).toBeVisible();
    await settled(page);
    findings.push(...(await audit(page, 'bus-routes-edit with its drawing and history')));

    await page.goto(`${page.url()}?as_of=2020-01-01`);
    await expect(page.getByTestId('bus-route-as-of-missing')).toBeVisible();
    findings.push(...(await audit(page, 'bus-routes-edit on a day before the route')));
    // The route as of today in Baku (a read as of a day is of that day's end in Baku, a day ahead of UTC from 20:00).
    const [y, m, d] = bakuDay().split('-');
    await page.getByTestId('bus-route-as-of-picker').fill(`${d}.${m}.${y}`);
    await page.getByTestId('bus-route-as-of-picker').press('Enter');
    await expect(page.getByTestId('bus-route-as-of')).toBeVisible();
    await settled(page);
    findings.push(...(await audit(page, 'bus-routes-edit read-only on a past day')));
    expect(report(findings)).toBe('');
  });

  test('the report with its table, charts and a finished export, its field errors, and the home numbers', async ({
    browser,
    baseURL,
  }) => {
    const page = await signedIn(browser, baseURL, 'central@demo.az', { viewport: wide });
    const findings: Finding[] = [];

    await page.goto('/app/report-form?group_by=operator');
    await settled(page);
    await expect(page.getByTestId('report-forms-chart').locator('.recharts-wrapper')).toBeVisible();
    findings.push(...(await audit(page, 'report-form by operator with its charts')));
    // The tooltip a pointer over a bar shows: its figures are written in their bars' colours.
    await page.getByTestId('report-forms-chart').locator('.recharts-wrapper > svg.recharts-surface').hover();
    await expect(page.getByTestId('report-forms-chart').locator('.recharts-tooltip-item').first()).toBeVisible();
    findings.push(...(await audit(page, 'report-form with a chart tooltip')));
    await page.mouse.move(0, 0);
    const download = page.waitForEvent('download');
    await page.getByTestId('report-export-xlsx').click();
    await download;
    await expect(page.getByTestId('report-export-progress')).toHaveAttribute('data-phase', 'done');
    findings.push(...(await audit(page, 'report-form with a finished export')));

    // A period the server refuses (the address can say anything): the error under its field.
    await page.goto('/app/report-form?date_from=2026-02-30');
    await expect(page.locator('main .ant-form-item-explain-error').first()).toBeVisible();
    findings.push(...(await audit(page, 'report-form with a refused filter')));

    await page.goto('/app/general-report?group_by=region');
    await settled(page);
    await expect(page.getByTestId('general-report-months-chart').locator('.recharts-wrapper')).toBeVisible();
    findings.push(...(await audit(page, 'general-report with its tables and charts')));
    // Run again (the same period: read again, not only written into the address), and held while it runs: the busy
    // button keeps its colours. Ant Design fades a loading button to 0.65: white on the faded blue is 3.2:1.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const generalReport = /\/api\/reports\/general\/\?/;
    await page.route(generalReport, async (route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest(generalReport);
    await page.getByTestId('report-run').click();
    await asked;
    await expect(page.getByTestId('report-run')).toHaveClass(/ant-btn-loading/);
    await expect(page.getByTestId('report-run')).toHaveCSS('opacity', '1');
    findings.push(...(await audit(page, 'general-report while it runs')));
    release();
    await expect(page.getByTestId('report-run')).not.toHaveClass(/ant-btn-loading/);
    await page.unroute(generalReport);

    await page.goto('/app/sample-page');
    await expect(page.getByTestId('statistics-section').first()).toBeVisible();
    findings.push(...(await audit(page, 'home with its numbers')));
    expect(report(findings)).toBe('');
  });

  test('a confirmation dialog, the navigation drawer at 800 px, and a user menu', async ({ browser, baseURL }) => {
    const page = await signedIn(browser, baseURL, 'admin@demo.az', { viewport: wide });
    const findings: Finding[] = [];

    await page.goto('/app/regions');
    await settled(page);
    await page.locator('main tr.ant-table-row .ant-checkbox-input').first().check();
    await page.getByTestId('delete-selected').click();
    await expect(page.getByTestId('confirm-delete')).toBeVisible();
    findings.push(...(await audit(page, 'delete confirmation', '.ant-modal-root')));
    await page.getByTestId('cancel-delete').click();
    await expect(page.locator('.ant-modal-mask')).toHaveCount(0);

    await openUserMenu(page);
    await expect(page.getByTestId('layout-side')).toBeVisible();
    findings.push(...(await audit(page, 'user menu')));
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/app/sample-page');
    await page.getByTestId('open-menu').click();
    await expect(page.getByRole('dialog').getByTestId('side-menu')).toBeVisible();
    findings.push(...(await audit(page, 'navigation drawer at 800 px', '.ant-drawer')));
    expect(report(findings)).toBe('');
  });
});

test('the progress bar while the next screen arrives', async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL, 'central@demo.az', { viewport: wide });
  // The next screen's code is held back until the bar has been audited, so the bar stands while it is.
  let release!: () => void;
  const audited = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await audited;
    await route.continue();
  });
  await openInApp(page, '/app/general-report');
  await expect(page.locator('.route-progress[data-phase="loading"]')).toBeAttached();
  const findings = await audit(page, 'the progress bar', '.route-progress');
  release();
  expect(report(findings)).toBe('');
  await expect(page).toHaveTitle(/^Ümumi hesabat/);
});

test('the audit reports what axe finds, in the whole page or only inside the part named', async ({ page }) => {
  // Grey on white (2.3:1) in the part named, and an image without a text beside it.
  await page.setContent(
    '<html lang="az"><title>Yoxlama</title><main><h1>Yoxlama</h1><p style="color:#aaa;background:#fff">Zəif kontrast</p></main><aside><img src="x.png"></aside></html>',
  );
  expect((await audit(page, 'page')).map((f) => f.rule).sort()).toEqual(['color-contrast', 'image-alt']);
  expect((await audit(page, 'main', 'main')).map((f) => f.rule)).toEqual(['color-contrast']);
});
