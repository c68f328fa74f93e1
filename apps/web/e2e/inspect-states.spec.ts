import type { Page } from '@playwright/test';
import { apiAs, apiOf } from './support/access';
import { audit, report, type Finding } from './support/axe';
import { expect, screenshot, signedIn, test, useSession } from './support/fixtures';
import { formOf, inspectAnswer, payForm, typeMark } from './support/inspect';
import { freeAvtobusForms } from './support/online';

const languages = ['az', 'en', 'ru'] as const;
type Language = (typeof languages)[number];
/** The phone of the issue: 390 x 844 CSS pixels. */
const phone = { width: 390, height: 844 };

/** Each state's words on the card, in each language. */
const states = {
  valid: { az: 'Etibarlıdır', en: 'Valid', ru: 'Действителен' },
  expired: { az: 'Müddəti bitib', en: 'Expired', ru: 'Срок истёк' },
  voided: { az: 'Blank etibarsız sayılıb', en: 'Blank voided', ru: 'Бланк признан недействительным' },
  not_issued: {
    az: 'Nəqliyyat vasitəsinə verilməyib',
    en: 'Not issued to a vehicle',
    ru: 'Не выдан транспортному средству',
  },
  unknown: { az: 'Tapılmadı', en: 'Not found', ru: 'Не найден' },
  noList: { az: 'Telefonda siyahı yoxdur', en: 'No list on this phone', ru: 'В телефоне нет списка' },
} as const;
/** The check's own time on every answer: its day and time to the second. */
const checkedAt: Record<Language, RegExp> = {
  az: /^Yoxlanıb: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/,
  en: /^Checked \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
  ru: /^Проверено: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/,
};

/**
 * Shows the answer on screen in each language in turn: `check` asserts what it says, axe checks the page, and a
 * screenshot keeps it (`state-language`); back in Azerbaijani after.
 */
async function inEachLanguage(
  page: Page,
  findings: Finding[],
  name: string,
  check: (language: Language) => Promise<void>,
) {
  for (const language of languages) {
    await page.getByTestId(`language-${language}`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await check(language);
    if (await inspectAnswer(page).count())
      await expect(page.getByTestId('inspect-checked-at')).toHaveText(checkedAt[language]);
    findings.push(...(await audit(page, `inspect ${name} (${language})`)));
    await screenshot(page, `inspect-${name}-${language}`);
  }
  await page.getByTestId('language-az').click();
}

/** The server's time moved by `ms` in the snapshot's and the checks' answers (it is outside the signature). */
async function serverClockMoved(page: Page, ms: number) {
  for (const route of ['**/api/inspect/snapshot/**', '**/api/inspect/checks/**'])
    await page.route(route, async (request) => {
      const res = await request.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      await request.fulfill({ response: res, json: { ...body, serverTime: new Date(Date.now() + ms).toISOString() } });
    });
}

test("the inspector's phone at 390x844 in az, en and ru: no list, valid, expired, voided with its reason, not issued, unknown, the clock's warning, a stale list's amber answer, and a list changed on the phone", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  const findings: Finding[] = [];
  const central = await apiOf(browser, request, baseURL, 'central@demo.az');
  const operator = await apiOf(browser, request, baseURL, 'operator@demo.az');
  const admin = await signedIn(browser, baseURL, 'admin@demo.az');
  // Two batches of two free forms: one paid now and one paid two years back for a year (expired); one voided and
  // one left free (not issued).
  const batch = await freeAvtobusForms(central, operator);
  const spare = await freeAvtobusForms(central, operator);
  await payForm(admin, batch, '000001', '10-ST-001');
  // Paid two years back for a year: expired.
  const twoYearsAgo = new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10);
  await payForm(admin, batch, '000002', '10-ST-002', twoYearsAgo);
  const reason = 'Blank korlanıb (e2e)';
  await (await apiAs(admin)).post(`/api/fn/forms/${(await formOf(admin, spare, '000001')).id}/void/`, { reason });

  const context = await browser.newContext({ baseURL, viewport: phone, locale: 'az-AZ', timezoneId: 'Asia/Baku' });
  const page = await context.newPage();
  const screen = page.getByTestId('inspect-page');
  const pending = page.getByTestId('inspect-pending');
  const state = page.getByTestId('inspect-state');

  // No list yet (the server's snapshot out of reach): every answer says so, and nothing is queued.
  await page.route('**/api/inspect/snapshot/**', (route) => route.fulfill({ status: 503, json: { detail: 'down' } }));
  await useSession(page, 'inspector@demo.az');
  await page.goto('/inspect');
  await expect(screen).toHaveAttribute('data-sync', 'failed');
  await expect(page.getByTestId('inspect-no-snapshot')).toBeVisible();
  await typeMark(page, batch.series, '1');
  await expect(inspectAnswer(page)).toHaveAttribute('data-list', 'none');
  await expect(pending).toHaveAttribute('data-count', '0');
  await expect(pending).toHaveText('');
  await inEachLanguage(page, findings, 'no-list', async (language) => {
    await expect(state).toHaveText(states.noList[language]);
    await expect(page.getByTestId('inspect-qualifier')).toBeVisible();
    await expect(inspectAnswer(page)).not.toContainText(states.unknown[language]);
  });

  // The list comes: each state in its own colour and words.
  await page.unroute('**/api/inspect/snapshot/**');
  await page.getByTestId('inspect-sync').click();
  await expect(screen).toHaveAttribute('data-sync', 'synced');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const shown: [keyof typeof states, string, string][] = [
    ['valid', batch.series, '1'],
    ['expired', batch.series, '2'],
    ['voided', spare.series, '1'],
    ['not_issued', spare.series, '2'],
    ['unknown', batch.series, '999999'],
  ];
  for (const [answer, series, number] of shown) {
    await typeMark(page, series, number);
    await expect(inspectAnswer(page)).toHaveAttribute('data-answer', answer);
    await expect(inspectAnswer(page)).toHaveAttribute('data-tone', answer);
    if (answer === 'voided') await expect(page.getByTestId('inspect-void-reason')).toContainText(reason);
    await inEachLanguage(page, findings, answer.replace('_', '-'), async (language) => {
      await expect(state).toHaveText(states[answer][language]);
      await expect(page.getByTestId('inspect-qualifier')).toHaveCount(0);
    });
  }
  // Each answer was a check, sent at once.
  await expect(pending).toHaveAttribute('data-count', '0');
  await expect(pending).toHaveText('Bütün yoxlamalar göndərilib.');

  // The server's clock 10 minutes ahead of the phone's: the phone warns and judges by the server's time.
  await serverClockMoved(page, 10 * 60_000);
  await page.getByTestId('inspect-sync').click();
  await expect(screen).toHaveAttribute('data-sync', 'synced');
  await typeMark(page, batch.series, '1');
  await expect(inspectAnswer(page)).toHaveAttribute('data-answer', 'valid');
  const behind = { az: '10 dəqiqə geri qalır', en: '10 min behind', ru: 'отстают от сервера на 10 мин' } as const;
  await inEachLanguage(page, findings, 'clock', async (language) => {
    await expect(page.getByTestId('inspect-clock')).toContainText(behind[language]);
    await expect(inspectAnswer(page)).toContainText(behind[language]);
  });
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByTestId('inspect-sync').click();
  await expect(screen).toHaveAttribute('data-sync', 'synced');
  await expect(page.getByTestId('inspect-clock')).toHaveCount(0);

  // Offline three days later: the list is past its age, and a valid answer turns amber in its own words.
  await context.setOffline(true);
  await page.clock.setFixedTime(new Date(Date.now() + 3 * 86_400_000 + 3_600_000));
  await page.reload();
  await expect(screen).toHaveAttribute('data-sync', 'offline');
  await expect(page.getByTestId('inspect-stale')).toBeVisible();
  await typeMark(page, batch.series, '1');
  await expect(inspectAnswer(page)).toHaveAttribute('data-answer', 'valid');
  await expect(inspectAnswer(page)).toHaveAttribute('data-tone', 'doubt');
  const old = {
    az: /siyahısına görə, siyahının yaşı 3 gün$/,
    en: /^On the list of .+, 3 days old$/,
    ru: /^По списку на .+, возраст списка 3 дн\.$/,
  } as const;
  await inEachLanguage(page, findings, 'stale', async (language) => {
    await expect(state).toHaveText(states.valid[language]);
    await expect(page.getByTestId('inspect-qualifier')).toHaveText(old[language]);
  });

  // The list changed in the phone's storage fails its check at the next start: dropped, and said so.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('dnx-inspect');
        open.onerror = () => reject(new Error('no database'));
        open.onsuccess = () => {
          const store = open.result.transaction('signed', 'readwrite').objectStore('signed');
          const read = store.get(0);
          read.onsuccess = () => {
            const body = read.result as { payload: string };
            const put = store.put({ ...body, payload: body.payload.replaceAll('"not_issued"', '"valid"') }, 0);
            put.onsuccess = () => resolve();
            put.onerror = () => reject(new Error('not written'));
          };
        };
      }),
  );
  await page.reload();
  await expect(page.getByTestId('inspect-list-failed')).toBeVisible();
  await typeMark(page, spare.series, '2');
  await expect(inspectAnswer(page)).toHaveAttribute('data-list', 'none');
  await expect(state).toHaveText(states.noList.az);
  findings.push(...(await audit(page, 'inspect list failed its check')));
  await context.close();
  expect(findings, report(findings)).toEqual([]);
});
