import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { parseReceiptQr, type FnHistoryEntry } from '@dnx/shared';
import { chromiumArgs, chromiumPath } from '../../../scripts/lib/browser.mjs';
import { apiAs, apiOf } from './support/access';
import { audit, report, type Finding } from './support/axe';
import { expect, signedIn, test, useSession } from './support/fixtures';
import { inspectAnswer, payForm, receiptQrText, typeMark } from './support/inspect';
import { freeAvtobusForms, phone } from './support/online';
import { writeQrVideo } from './support/qr-video';

/** The same receipt with its signed validity moved: a forgery that keeps the authority's signature bytes. */
function forged(qrText: string): string {
  const [head, payload, signature] = qrText.split('#r=')[1]!.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const changed = Buffer.from(JSON.stringify({ ...claims, validTo: '2099-12-31' })).toString('base64url');
  return `${qrText.split('#r=')[0]}#r=${head}.${changed}.${signature}`;
}

const answer = inspectAnswer;

test("the inspector's phone: synced once, offline it scans a receipt's QR from the camera and answers with the snapshot's time; a forged QR and a tampered snapshot are refused; a payment shows in the next delta; back online the checks are sent once and join the form's history", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const findings: Finding[] = [];
  const central = await apiOf(browser, request, baseURL, 'central@demo.az');
  const operator = await apiOf(browser, request, baseURL, 'operator@demo.az');
  const admin = await signedIn(browser, baseURL, 'admin@demo.az');
  const batch = await freeAvtobusForms(central, operator);
  const first = await payForm(admin, batch, '000001', '10-IN-001');
  const firstForm = first.form;
  const qrText = await receiptQrText(admin, first.payment);
  const receipt = parseReceiptQr(qrText)!;
  expect(receipt.jws).not.toBe(null);

  // The phone: a browser of its own whose camera films the receipt's QR code.
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'inspect-')), 'qr.y4m');
  writeQrVideo(video, qrText);
  const phoneBrowser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await phoneBrowser.newContext({
      baseURL,
      viewport: phone,
      locale: 'az-AZ',
      timezoneId: 'Asia/Baku',
      permissions: ['camera', 'geolocation'],
      geolocation: { latitude: 40.6828, longitude: 46.3606, accuracy: 12.4 },
    });
    const page = await context.newPage();
    await useSession(page, 'inspector@demo.az');
    await page.goto('/inspect');
    const screen = page.getByTestId('inspect-page');
    await expect(screen).toHaveAttribute('data-sync', 'synced');
    await expect(page.getByTestId('inspect-snapshot')).toBeVisible();
    // No check made yet: nothing is said to be sent.
    await expect(page.getByTestId('inspect-pending')).toHaveText('');
    // The shell is cached once its service worker is active.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    findings.push(...(await audit(page, 'inspect synced')));
    // The inspector lets the checks carry where they were made.
    await page.getByRole('switch', { name: 'Yeri yoxlamaya əlavə et' }).click();

    // Typed: the second form is not issued to a vehicle yet; a number the snapshot lacks is unknown.
    await typeMark(page, batch.series, '2');
    await expect(answer(page)).toHaveAttribute('data-answer', 'not_issued');
    await expect(page.getByTestId('inspect-state')).toHaveText(/Nəqliyyat vasitəsinə verilməyib/);
    findings.push(...(await audit(page, 'inspect not issued')));
    await typeMark(page, batch.series, '999999');
    await expect(answer(page)).toHaveAttribute('data-answer', 'unknown');
    findings.push(...(await audit(page, 'inspect unknown')));

    // A payment made meanwhile shows in the next delta.
    await payForm(admin, batch, '000002', '10-IN-002');
    const deltas: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/inspect/snapshot/')) deltas.push(new URL(r.url()).searchParams.get('since') ?? '');
    });
    await page.getByTestId('inspect-sync').click();
    await expect(screen).toHaveAttribute('data-sync', 'synced');
    expect(deltas.at(-1)).not.toBe('');
    await typeMark(page, batch.series, '2');
    await expect(answer(page)).toHaveAttribute('data-answer', 'valid');
    await expect(page.getByTestId('inspect-plate')).toContainText('10-IN-002');
    findings.push(...(await audit(page, 'inspect valid (typed)')));

    // A tampered snapshot is refused, and the kept one still answers.
    const kept = await page.getByTestId('inspect-snapshot').textContent();
    await page.route('**/api/inspect/snapshot/**', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { payload: string };
      const payload = JSON.parse(body.payload) as { marks: unknown[][] };
      payload.marks.push([
        batch.series,
        '000003',
        'valid',
        '99-FAKE-99',
        'Avtobus',
        '2026-01-01',
        '2099-12-31',
        '1.00',
        null,
      ]);
      await route.fulfill({ response: res, json: { ...body, payload: JSON.stringify(payload) } });
    });
    await page.getByTestId('inspect-sync').click();
    await expect(screen).toHaveAttribute('data-sync', 'refused');
    await expect(page.getByTestId('inspect-notice-refused')).toBeVisible();
    await expect(page.getByTestId('inspect-snapshot')).toHaveText(kept!);
    findings.push(...(await audit(page, 'inspect snapshot refused')));
    await page.unroute('**/api/inspect/snapshot/**');
    await typeMark(page, batch.series, '3');
    await expect(answer(page)).toHaveAttribute('data-answer', 'unknown');

    // A look-up is a key read: under 50 ms with the processor slowed 4 times.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(() => performance.clearMeasures('inspect-lookup'));
    await typeMark(page, batch.series, '1');
    await expect(answer(page)).toHaveAttribute('data-answer', 'valid');
    const lookupMs = await page.evaluate(() => performance.getEntriesByName('inspect-lookup').at(-1)!.duration);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // A second DevTools session left attached keeps the page's network online through setOffline's reload.
    await cdp.detach();
    expect(lookupMs).toBeLessThan(50);
    await expect(page.getByTestId('inspect-pending')).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('inspect-pending')).toHaveText('Bütün yoxlamalar göndərilib.');
    // A typed mark that cannot be one takes the green answer away, and says why under the fields.
    await typeMark(page, batch.series, '0');
    await expect(answer(page)).toHaveCount(0);
    await expect(page.getByTestId('inspect-typed-invalid')).toBeVisible();

    // Offline: the page opens from the phone, the camera reads the receipt, the answer names the snapshot's time.
    await context.setOffline(true);
    await page.reload();
    await expect(screen).toHaveAttribute('data-sync', 'offline');
    await expect(page.getByTestId('inspect-notice-offline')).toBeVisible();
    await typeMark(page, batch.series, '0');
    await expect(page.getByTestId('inspect-typed-invalid')).toBeVisible();
    await page.getByTestId('inspect-scan').click();
    await expect(answer(page)).toHaveAttribute('data-answer', 'valid');
    // The scan's answer stands alone: the typed field's error is gone.
    await expect(page.getByTestId('inspect-typed-invalid')).toHaveCount(0);
    await expect(page.getByTestId('inspect-state')).toHaveText(/Etibarlıdır/);
    await expect(page.getByTestId('inspect-plate')).toContainText('10-IN-001');
    await expect(page.getByTestId('inspect-mark')).toContainText(`${batch.series} 000001`);
    await expect(page.getByTestId('inspect-as-of')).toHaveText(/^\d{2}:\d{2} vəziyyətinə$/);
    findings.push(...(await audit(page, 'inspect valid (scanned, offline)')));

    // A forged receipt (its claims changed under the authority's signature) is not genuine.
    writeQrVideo(video, forged(qrText));
    await page.getByTestId('inspect-scan').click();
    await expect(answer(page)).toHaveAttribute('data-answer', 'not_genuine');
    await expect(page.getByTestId('inspect-state')).toHaveText(/Saxtadır/);
    findings.push(...(await audit(page, 'inspect not genuine (offline)')));
    await expect(page.getByTestId('inspect-pending')).toHaveAttribute('data-count', '2');

    // The public check page says the same offline, from the kept keys.
    const checkPage = await context.newPage();
    await checkPage.goto(`/verify/${receipt.code}#r=${receipt.jws}`);
    await expect(checkPage.getByTestId('receipt-signature')).toHaveAttribute('data-verdict', 'signed');
    await checkPage.goto(`/verify/${receipt.code}#r=${parseReceiptQr(forged(qrText))!.jws}`);
    await checkPage.reload();
    await expect(checkPage.getByTestId('receipt-signature')).toHaveAttribute('data-verdict', 'not-genuine');
    findings.push(...(await audit(checkPage, 'verify not genuine (offline)')));
    await checkPage.close();

    // Back online: the two checks go once; sent again, the server records nothing new.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/inspect/checks/') && r.method() === 'POST') sent.push(r.postData() ?? '');
    });
    await context.setOffline(false);
    await expect(page.getByTestId('inspect-pending')).toHaveAttribute('data-count', '0');
    expect(sent.length).toBeGreaterThan(0);
    const offlineChecks = (JSON.parse(sent[0]!) as { checks: { location: unknown; source: string }[] }).checks;
    expect(offlineChecks.map((c) => c.source)).toEqual(['scan', 'scan']);
    expect(offlineChecks[0]!.location).toEqual({ lat: '40.6828000', lon: '46.3606000', accuracy: 12 });
    const inspector = await apiAs(page);
    const again = await inspector.post<{ recorded: string[]; duplicates: string[] }>(
      '/api/inspect/checks/',
      JSON.parse(sent[0]!),
    );
    expect(again.recorded).toEqual([]);
    expect(again.duplicates).toHaveLength((JSON.parse(sent[0]!) as { checks: unknown[] }).checks.length);

    // The form's history holds each check once: the typed one online, the scanned and the forged one offline.
    const history = await (
      await apiAs(admin)
    ).get<{ results: FnHistoryEntry[] }>(`/api/fn/forms/${firstForm}/history/`);
    const checks = history.results.filter(
      (entry) => String(entry.movement) === 'check' && entry.actor_email === 'inspector@demo.az',
    );
    expect(checks).toHaveLength(3);

    // A phone whose clock is a month ahead is told so at its next sync, and judges by the server's time: the list
    // just synced is not old. Signed out, the phone still answers and says it cannot sync.
    await page.clock.setFixedTime(new Date(Date.now() + 30 * 86_400_000));
    await page.reload();
    await expect(screen).toHaveAttribute('data-sync', 'synced');
    await expect(page.getByTestId('inspect-clock')).toContainText('dəqiqə irəlidədir');
    await expect(page.getByTestId('inspect-stale')).toHaveCount(0);
    findings.push(...(await audit(page, 'inspect clock ahead')));
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.reload();
    await expect(screen).toHaveAttribute('data-sync', 'signedOut');
    await expect(page.getByTestId('inspect-signed-out')).toBeVisible();
    await typeMark(page, batch.series, '1');
    await expect(answer(page)).toHaveAttribute('data-answer', 'valid');
    await expect(page.getByTestId('inspect-pending')).not.toHaveText('Bütün yoxlamalar göndərilib.');
    findings.push(...(await audit(page, 'inspect signed out')));
  } finally {
    await phoneBrowser.close();
  }
  expect(findings, report(findings)).toEqual([]);
});
