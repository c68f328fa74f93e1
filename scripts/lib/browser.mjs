// Debian's Chromium driven by playwright-core: no browser is ever downloaded.
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}
