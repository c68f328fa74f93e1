// `npm run bench:web` (issue 60): what the first screen costs a regional office, on the production build started
// on the embedded database with the demo's year, in Debian's Chromium (playwright-core) throttled through the
// DevTools protocol. Two profiles, Lighthouse's: office (40 ms, 10/5 Mbit/s, CPU 1x, 1366x768) and mobile (150 ms,
// 1.6/0.75 Mbit/s, CPU 4x). For each screen, the median of 3 cold loads (a fresh browser context: empty cache,
// tokens stored): FCP, LCP, CLS, total blocking time, JS and all bytes on the wire until the network settles. On the
// office profile also a warm screen change (home, then the screen through the router, until its table or form
// shows) and INP for typing into its list's filter and for opening a record; CLS once more in the dark and compact
// themes. PASS or FAIL per budget; a JSON and a markdown table go to BENCH_WEB_OUT (default $TMPDIR/dnx-bench-web).
// BENCH_WEB_SCREENS=home,users and BENCH_WEB_PROFILES=office pick; BENCH_WEB_RUNS (3), BENCH_WEB_THEMES=0 leaves
// the themes out, BENCH_WEB_NO_BUILD=1 uses the existing build, BENCH_WEB_SHIFTS=1 prints every layout shift. Loopback only; bounded by BENCH_WEB_MINUTES (30).
/* global window, history, dispatchEvent, PopStateEvent */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './lib/browser.mjs';
import { apiCall, root, signIn, startServer } from './lib/server-process.mjs';
import {
  cumulativeLayoutShift,
  interactionToNextPaint,
  median,
  observerScript,
  totalBlockingTime,
  waitVisible,
  watchNetwork,
} from './lib/web-vitals.mjs';

export const profiles = {
  office: { rttMs: 40, downMbit: 10, upMbit: 5, cpu: 1, viewport: { width: 1366, height: 768 } },
  mobile: { rttMs: 150, downMbit: 1.6, upMbit: 0.75, cpu: 4, viewport: { width: 412, height: 823 }, mobile: true },
};

const table = 'main .ant-table-tbody tr.ant-table-row, main .ant-table-tbody .ant-empty';
/**
 * The screens: who opens them, what shows when they are ready, and for a list its filter and a record to open.
 * `small`: a public or phone page (170 KB of JS), else a signed-in screen (300 KB); `mobileLcp` its mobile budget.
 */
export const screens = [
  { key: 'signin', path: '/signin', user: null, ready: 'form button[type=submit]', small: true, mobileLcp: 2500 },
  { key: 'home', path: '/app/sample-page', user: 'admin', ready: '[data-testid=statistics]', mobileLcp: 2500 },
  { key: 'fn-payment', path: '/app/fn-payment', user: 'admin', ready: table, list: true, mobileLcp: 2500 },
  {
    key: 'payment-form',
    path: '/app/fn-payment?form=new',
    user: 'admin',
    ready: '[data-testid=payment-form-page] form',
    mobileLcp: 4000,
  },
  { key: 'active-fn', path: '/app/active-fn', user: 'admin', ready: table, list: true, mobileLcp: 4000 },
  { key: 'general-fn', path: '/app/general-fn', user: 'admin', ready: table, list: true, mobileLcp: 4000 },
  { key: 'users', path: '/app/users', user: 'admin', ready: table, list: true, mobileLcp: 4000 },
  {
    key: 'report-form',
    path: '/app/report-form',
    user: 'admin',
    ready: '[data-testid=report-form-page] form',
    mobileLcp: 4000,
  },
  { key: 'bank-statements', path: '/app/bank-statements', user: 'admin', ready: table, list: true, mobileLcp: 4000 },
  { key: 'audit-log', path: '/app/audit-log', user: 'admin', ready: table, list: true, mobileLcp: 4000 },
  {
    key: 'inspect',
    path: '/inspect',
    user: 'inspector',
    ready: '[data-testid=inspect-scan]',
    small: true,
    phone: true,
    mobileLcp: 2500,
  },
];

export const budgets = { officeLcp: 1500, warmChange: 500, inp: 200, cls: 0.1, smallJsKb: 170, signedJsKb: 300 };

const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const deadline = Date.now() + Number(process.env.BENCH_WEB_MINUTES ?? 30) * 60_000;
const picked = (name, all) => (process.env[name] ? process.env[name].split(',') : all);
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

function contextOptions(screen, profile, origin, token) {
  const device =
    screen.phone || profile.mobile
      ? { ...phone, viewport: profile.mobile ? profile.viewport : phone.viewport }
      : { viewport: profile.viewport };
  const localStorage = token ? [{ name: 'token', value: token }] : [];
  return {
    ...device,
    locale: 'az-AZ',
    timezoneId: 'Asia/Baku',
    storageState: { cookies: [], origins: [{ origin, localStorage }] },
  };
}

/** BENCH_WEB_SHIFTS=1: every layout shift of a cold load, each moved node with its box before and after. */
const shiftsScript = `(() => {
  window.__shifts = [];
  const box = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
  const name = (n) => n && n.nodeType === 1 ? n.tagName.toLowerCase() + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/\\s+/).slice(0, 2).join('.') : '') + (n.dataset && n.dataset.testid ? '[' + n.dataset.testid + ']' : '') : String(n && n.nodeName);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const moved = (e.sources || []).map((s) => name(s.node) + ' ' + box(s.previousRect) + ' -> ' + box(s.currentRect));
      window.__shifts.push(Math.round(e.startTime) + ' ms ' + e.value.toFixed(3) + ': ' + moved.join('; '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** One cold load: a fresh context (empty cache), the screen opened, measured until the network settles. */
async function coldLoad(browser, baseUrl, screen, profile, token) {
  const context = await browser.newContext(contextOptions(screen, profile, baseUrl, token));
  try {
    const page = await context.newPage();
    await page.addInitScript(observerScript);
    if (process.env.BENCH_WEB_SHIFTS === '1') await page.addInitScript(shiftsScript);
    const network = await watchNetwork(context, page, profile);
    await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'commit' });
    await page.waitForSelector(screen.ready, { state: 'visible', timeout: 60_000 });
    const readyAt = await page.evaluate(() => performance.now());
    await network.settled(500, 30_000);
    // A moment for the last paint and shift to be reported after the network went quiet.
    await page.waitForTimeout(300);
    const seen = await page.evaluate(() => window.__bench);
    const cls = cumulativeLayoutShift(seen.shifts);
    if (process.env.BENCH_WEB_SHIFTS === '1')
      for (const shift of await page.evaluate(() => window.__shifts)) console.log(`shift   ${screen.key}: ${shift}`);
    return {
      fcp: seen.fcp,
      lcp: seen.lcp,
      lcpNode: seen.lcpNode,
      cls: cls.value,
      clsSource: cls.source,
      tbt: totalBlockingTime(seen.longTasks, seen.fcp ?? 0),
      readyAt,
      ...network.bytes(),
      scripts: network.scripts(),
    };
  } finally {
    await context.close();
  }
}

/** Home first, then the screen through the router (its own history entry), until it shows; then its INP. */
async function warmChange(browser, baseUrl, screen, profile, token) {
  const home = screens.find((s) => s.key === 'home');
  const context = await browser.newContext(contextOptions(screen, profile, baseUrl, token));
  try {
    const page = await context.newPage();
    await page.addInitScript(observerScript);
    const network = await watchNetwork(context, page, profile);
    await page.goto(`${baseUrl}${home.path}`, { waitUntil: 'commit' });
    await waitVisible(page, home.ready, 60_000);
    await network.settled(500, 30_000);
    const started = await page.evaluate((to) => {
      const at = performance.now();
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
      return at;
    }, screen.path);
    const shown = await waitVisible(page, screen.ready, 30_000);
    const result = { warm: shown - started };
    if (!screen.list) return result;
    await network.settled(500, 15_000);
    const filter = page.locator('main [data-testid=list-search] input, main input[data-testid=list-search]').first();
    if (await filter.count()) {
      const from = await page.evaluate(() => performance.now());
      await filter.click();
      await page.keyboard.type('12', { delay: 150 });
      await page.waitForTimeout(600);
      result.inpFilter = interactionToNextPaint((await page.evaluate(() => window.__bench)).events, from);
      await page.keyboard.press('Escape');
      await filter.fill('');
      await network.settled(500, 15_000);
    }
    const record = page
      .locator(
        'main .ant-table-tbody tr.ant-table-row a, main .ant-table-tbody tr.ant-table-row button[data-testid$=view], main .ant-table-tbody tr.ant-table-row button[data-testid$=edit]',
      )
      .first();
    if (await record.count()) {
      const from = await page.evaluate(() => performance.now());
      await record.click();
      await page.waitForTimeout(800);
      result.inpOpen = interactionToNextPaint((await page.evaluate(() => window.__bench)).events, from);
    }
    return result;
  } finally {
    await context.close();
  }
}

async function tokensFor(baseUrl) {
  const tokens = {};
  for (const [user, email] of [
    ['admin', 'admin@demo.az'],
    ['inspector', 'inspector@demo.az'],
  ]) {
    tokens[user] = await signIn(baseUrl, email);
    // The guided tour of a first entry would cover the screens: recorded as seen, as a returning person has it.
    await apiCall(baseUrl, tokens[user], 'PATCH', '/api/user/user-profile/preferences/', { tour_seen: true });
  }
  return tokens;
}

const setTheme = (baseUrl, token, theme) =>
  apiCall(baseUrl, token, 'PATCH', '/api/user/user-profile/preferences/', {
    dark_theme: theme === 'dark',
    compact_theme: theme === 'compact',
  });

/** The browser of the run: started again when it has gone (a crash on a loaded machine). */
const chromium = { browser: null };
async function currentBrowser() {
  if (!chromium.browser?.isConnected()) chromium.browser = await launchChromium();
  return chromium.browser;
}

/** A load that failed (a screen that never showed on a loaded machine) is tried once more, and said. */
async function twice(load) {
  try {
    return await load(await currentBrowser());
  } catch (error) {
    console.log(`info    one load failed, tried again: ${String(error.message).split('\n')[0]}`);
    return load(await currentBrowser());
  }
}

/** Each picked screen on each picked profile; answers the rows of the table. */
async function measure(baseUrl, onRow) {
  const tokens = await tokensFor(baseUrl);
  const rows = [];
  try {
    for (const profileName of picked('BENCH_WEB_PROFILES', Object.keys(profiles))) {
      const profile = profiles[profileName];
      for (const screen of screens.filter((s) =>
        picked(
          'BENCH_WEB_SCREENS',
          screens.map((x) => x.key),
        ).includes(s.key),
      )) {
        if (Date.now() > deadline) throw new Error('BENCH_WEB_MINUTES ran out');
        const token = screen.user ? tokens[screen.user] : null;
        const loads = [];
        for (let i = 0; i < runs; i += 1)
          loads.push(await twice((browser) => coldLoad(browser, baseUrl, screen, profile, token)));
        const row = { profile: profileName, screen: screen.key, path: screen.path, load: loadavg()[0] };
        for (const key of ['fcp', 'lcp', 'cls', 'tbt', 'js', 'total', 'requests'])
          row[key] = median(loads.map((l) => l[key]));
        row.lcpNode = loads.at(-1).lcpNode;
        row.clsSource = loads.toSorted((a, b) => b.cls - a.cls)[0].clsSource;
        row.scripts = loads.at(-1).scripts;
        if (profileName === 'office' && screen.user === 'admin' && screen.key !== 'home') {
          const warm = [];
          for (let i = 0; i < runs; i += 1)
            warm.push(await twice((browser) => warmChange(browser, baseUrl, screen, profile, token)));
          row.warm = median(warm.map((w) => w.warm));
          row.inpFilter = median(warm.map((w) => w.inpFilter));
          row.inpOpen = median(warm.map((w) => w.inpOpen));
        }
        if (profileName === 'office' && screen.user === 'admin' && process.env.BENCH_WEB_THEMES !== '0') {
          row.themeCls = {};
          for (const theme of ['dark', 'compact']) {
            await setTheme(baseUrl, token, theme);
            row.themeCls[theme] = (await twice((browser) => coldLoad(browser, baseUrl, screen, profile, token))).cls;
          }
          await setTheme(baseUrl, token, 'light');
        }
        rows.push(judge(row, screen));
        printRow(rows.at(-1));
        onRow(rows);
      }
    }
  } finally {
    await chromium.browser?.close();
  }
  return rows;
}

/** The budgets of one row: name, value, limit, ok. */
export function judge(row, screen) {
  const checks = [];
  const check = (name, value, limit) => {
    if (value !== null && value !== undefined) checks.push({ name, value, limit, ok: value <= limit });
  };
  check('LCP ms', row.lcp, row.profile === 'office' ? budgets.officeLcp : screen.mobileLcp);
  check('CLS', row.cls, budgets.cls);
  for (const [theme, cls] of Object.entries(row.themeCls ?? {})) check(`CLS ${theme}`, cls, budgets.cls);
  check('JS KB', row.js / 1024, screen.small ? budgets.smallJsKb : budgets.signedJsKb);
  check('warm change ms', row.warm, budgets.warmChange);
  check('INP filter ms', row.inpFilter, budgets.inp);
  check('INP open ms', row.inpOpen, budgets.inp);
  return { ...row, checks, ok: checks.every((c) => c.ok) };
}

const fmt = (value, digits = 0) => (value === null || value === undefined ? '–' : Number(value).toFixed(digits));

function printRow(row) {
  const parts = row.checks.map(
    (c) => `${c.ok ? 'PASS' : 'FAIL'} ${c.name} ${fmt(c.value, c.name.startsWith('CLS') ? 3 : 0)} (≤ ${c.limit})`,
  );
  console.log(`${row.ok ? 'PASS' : 'FAIL'}  ${row.profile} ${row.screen}: ${parts.join('; ')}`);
  console.log(
    `info    FCP ${fmt(row.fcp)} ms, TBT ${fmt(row.tbt)} ms, all ${fmt(row.total / 1024)} KB in ${row.requests} requests, ` +
      `LCP ${row.lcpNode ?? '?'}, largest shift ${row.clsSource ?? 'none'}, load ${row.load.toFixed(1)}`,
  );
}

export function markdown(rows) {
  const lines = [
    '| profile | screen | JS KB | all KB | FCP ms | LCP ms | CLS | TBT ms | warm ms | INP filter | INP open | result |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const failed = r.checks.filter((c) => !c.ok).map((c) => c.name);
    lines.push(
      `| ${r.profile} | ${r.screen} | ${fmt(r.js / 1024)} | ${fmt(r.total / 1024)} | ${fmt(r.fcp)} | ${fmt(r.lcp)} | ` +
        `${fmt(r.cls, 3)} | ${fmt(r.tbt)} | ${fmt(r.warm)} | ${fmt(r.inpFilter)} | ${fmt(r.inpOpen)} | ` +
        `${failed.length ? `FAIL: ${failed.join(', ')}` : 'PASS'} |`,
    );
  }
  return lines.join('\n');
}

/** Builds (unless told not to), starts on a fresh embedded database with the demo's year, measures; true on PASS. */
export async function benchWeb({ build = process.env.BENCH_WEB_NO_BUILD !== '1' } = {}) {
  if (build) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dnx-bench-web-'));
  const server = await startServer({
    // Development: the first start writes the demo data with its year. A long access token: no renewal mid-run.
    env: { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', ACCESS_TOKEN_LIFETIME: '3600' },
    command: ['npm', 'start', '--silent'],
    healthPath: '/api/health/ready/',
    healthTimeoutMs: 180_000,
  });
  try {
    const started = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(`info  bench:web on ${server.baseUrl}, load average ${started}, ${runs} cold loads a screen`);
    const out = path.resolve(root, process.env.BENCH_WEB_OUT ?? path.join(tmpdir(), 'dnx-bench-web'));
    mkdirSync(out, { recursive: true });
    const write = (rows) => {
      const now = loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
      const meta = { date: new Date().toISOString(), loadBefore: started, loadNow: now, profiles, budgets, runs };
      writeFileSync(path.join(out, 'bench-web.json'), JSON.stringify({ ...meta, rows }, null, 2));
      writeFileSync(
        path.join(out, 'bench-web.md'),
        `${markdown(rows)}\n\nload average ${started} before, ${now} after\n`,
      );
      return now;
    };
    // Written after every screen: a run cut short keeps what it measured.
    const rows = await measure(server.baseUrl, write);
    const finished = write(rows);
    console.log(`\n${markdown(rows)}\n\ninfo  written to ${out}; load average ${finished} at the end`);
    const ok = rows.every((r) => r.ok);
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  web performance budgets (${rows.filter((r) => r.ok).length}/${rows.length} screens)`,
    );
    return ok;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = (await benchWeb()) ? 0 : 1;
}
