import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/lib/browser.mjs';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the production build, started
 * as one process on a free port with a fresh data folder by the global setup.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/results',
  globalSetup: './e2e/support/global-setup.ts',
  // Two workers, each with a server and a database of its own (support/global-setup.ts): tests of one worker run
  // one after another and each makes its own data. E2E_WORKERS=1 runs them all in one line.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  // In CI a failed test runs once more and, if it then passes, the list reports it as flaky: a flaky test is a
  // defect to fix (docs/decisions/0002-one-test-command-and-ci.md), but one timing slip must not sink a whole
  // clean-clone run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    // The system's "reduce motion", which the app honours by turning Ant Design's transitions off (antd-shell.tsx):
    // no test waits for a dialog to zoom in or a drawer to slide. shell.spec.ts checks both settings.
    reducedMotion: 'reduce',
    locale: 'az-AZ',
    timezoneId: 'Asia/Baku',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    screenshot: 'only-on-failure',
    // A trace records every action's page and costs the browser and the runner much of their time: only a retry
    // records one, so a test that fails has its trace from the second run.
    trace: 'on-first-retry',
  },
});
