import { readFileSync } from 'node:fs';
import { fnMessages, toastMessages, type FnBatch, type Operator } from '@dnx/shared';
import type { Page } from '@playwright/test';
import { apiAs, errorUnder, formItem, pickSelectOption } from './support/access';
import { exported, expect, signedIn, test, toast } from './support/fixtures';
import { demoOperatorBatch, paymentDocuments, uniqueSeries } from './support/online';

/** A demo batch of the demo operator's region, and the demo operator (operator@demo.az). */
async function demoModel(central: Page): Promise<Omit<FnBatch, 'operator'> & { operator: Operator }> {
  const { op, ...batch } = await demoOperatorBatch(await apiAs(central));
  return { ...batch, operator: op };
}

/**
 * B issues a batch of a fresh series to the demo operator, through the API, modelled on a demo batch of the
 * operator's region (its region, transport type and coefficient).
 */
async function issueBatch(central: Page, size: number): Promise<FnBatch> {
  const api = await apiAs(central);
  const model = await demoModel(central);
  for (let attempt = 0; ; attempt += 1) {
    const series = uniqueSeries();
    const taken = await api.get<{ count: number }>(`/api/fn/batches/?series=${series}`);
    if (taken.count > 0 && attempt < 20) continue;
    return api.post<FnBatch>('/api/fn/batches/', {
      series,
      start_number: '000001',
      finish_number: String(size).padStart(6, '0'),
      operator: model.operator.id,
      region: model.region,
      transport_type: model.transport_type,
      coefficient: model.coefficient,
      expire_date: 1,
      expire_date_type: 'year',
    });
  }
}

test.describe('check-fn', () => {
  test('an inspector finds a form by series and number on a phone; a number never issued says so', async ({
    browser,
    baseURL,
  }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const batch = await issueBatch(central, 5);

    const inspector = await signedIn(browser, baseURL, 'inspector@demo.az', {
      viewport: { width: 390, height: 900 },
      at: '/app/check-fn',
    });
    const form = inspector.getByTestId('fn-check-form');
    await form.getByLabel('Seriya').fill(batch.series.toLowerCase());
    await form.getByLabel('Nömrə').fill('000003');
    await form.getByRole('button', { name: 'Yoxla' }).click();

    await expect(inspector).toHaveURL(new RegExp(`series=${batch.series}&number=000003`));
    const card = inspector.getByTestId('fn-check-card');
    await expect(card).toContainText(`${batch.series} 000003`);
    await expect(card).toContainText('Yeni');
    await expect(card).toContainText(batch.region_name);
    await expect(card).toContainText(batch.operator_name);
    // The card fits the phone: nothing wider than the screen.
    const overflow = await inspector.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The address holds the check: reloading shows the same card.
    await inspector.reload();
    await expect(inspector.getByTestId('fn-check-card')).toContainText(`${batch.series} 000003`);

    // A number of the series never issued: a plain Azerbaijani message, no card.
    await form.getByLabel('Nömrə').fill('000009');
    await form.getByRole('button', { name: 'Yoxla' }).click();
    await expect(inspector.getByTestId('fn-check-missing')).toContainText(
      fnMessages.unknownNumber(batch.series, '000009'),
    );
    await expect(inspector.getByTestId('fn-check-card')).toHaveCount(0);

    // A malformed number is caught under its field before any request.
    await form.getByLabel('Nömrə').fill('12');
    await form.getByRole('button', { name: 'Yoxla' }).click();
    await expect(form.locator('.ant-form-item-explain')).toContainText(fnMessages.numberInvalid);
  });
});

/** Picks the first option a select offers (a reference picker whose labels the test need not know). */
async function pickFirst(page: Page, label: string) {
  const select = formItem(page, label).locator('.ant-select');
  await select.click();
  // The dropdown opens with its first option active: Enter picks it (a closing dropdown of the previous pick
  // may still be on screen, so no click on "the visible dropdown").
  await expect(select).toHaveClass(/ant-select-open/);
  await select.locator('input').press('Enter');
  await expect(select).not.toHaveClass(/ant-select-open/);
}

test.describe('new-fn', () => {
  // The issue's whole flow by four people through their screens: longer than one screen's test.
  test.describe.configure({ timeout: 150_000 });
  test('B issues a batch through the form (every error slot, the count as typed), F accepts it and shares three forms through the assign window, C checks one, F voids one with a reason, B sees them in the reconciliation, the registry and the timelines', async ({
    browser,
    baseURL,
  }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const model = await demoModel(central);
    let series = uniqueSeries();
    const api = await apiAs(central);
    while ((await api.get<{ count: number }>(`/api/fn/batches/?series=${series}`)).count > 0) series = uniqueSeries();

    await central.goto('/app/new-fn');
    await central.getByTestId('create-fn-batch').click();
    await expect(central).toHaveURL(/\/app\/new-fn-create$/);
    const form = central.getByTestId('fn-batch-form');
    // The count field holds 1 by default: empty it, so its slot shows too.
    await form.getByLabel('Etibarlılıq (say)').fill('');
    await central.getByTestId('fn-batch-save').click();
    await expect(errorUnder(central, 'Seriya')).toHaveText(fnMessages.seriesRequired);
    await expect(errorUnder(central, 'Başlanğıc nömrə')).toHaveText(fnMessages.numberInvalid);
    await expect(errorUnder(central, 'Son nömrə')).toHaveText(fnMessages.numberInvalid);
    await expect(errorUnder(central, 'Region')).toHaveText(fnMessages.regionRequired);
    await expect(errorUnder(central, 'Operator')).toHaveText(fnMessages.operatorRequired);
    await expect(errorUnder(central, 'Nəqliyyat növü')).toHaveText(fnMessages.transportTypeRequired);
    await expect(errorUnder(central, 'FN əmsalı')).toHaveText(fnMessages.coefficientRequired);
    await expect(errorUnder(central, 'Etibarlılıq (say)')).toHaveText(fnMessages.expireDateInvalid);

    await form.getByLabel('Seriya').fill(series.toLowerCase());
    await expect(form.getByLabel('Seriya')).toHaveValue(series);
    await form.getByLabel('Başlanğıc nömrə').fill('000010');
    await form.getByLabel('Son nömrə').fill('000005');
    await expect(errorUnder(central, 'Son nömrə')).toHaveText(fnMessages.finishBeforeStart);
    await form.getByLabel('Son nömrə').fill('000019');
    await expect(central.getByTestId('fn-range-count')).toHaveText('Aralıqda 10 nömrə');
    await expect(errorUnder(central, 'Son nömrə')).toHaveCount(0);

    await pickSelectOption(central, formItem(central, 'Region').locator('.ant-select'), model.region_name);
    await pickSelectOption(central, formItem(central, 'Operator').locator('.ant-select'), 'operator@demo.az');
    await pickSelectOption(
      central,
      formItem(central, 'Nəqliyyat növü').locator('.ant-select'),
      model.transport_type_name,
    );
    await pickFirst(central, 'FN əmsalı');
    await form.getByLabel('Etibarlılıq (say)').fill('1');
    await central.getByTestId('fn-batch-save').click();
    await expect(toast(central, toastMessages.success)).toBeVisible();
    await expect(central).toHaveURL(/\/app\/new-fn$/);

    // The series filter lives in the address.
    await central.getByTestId('filter-input-series').locator('input').fill(series);
    await expect(central).toHaveURL(new RegExp(`series=${series}`));
    const row = central.locator('.ant-table-row', { hasText: `${series}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('000010 - 000019');
    await expect(row).toContainText('Buraxılıb');

    // The same range again: the server names the batch it overlaps, under the start number.
    await central.goto('/app/new-fn-create');
    await form.getByLabel('Seriya').fill(series);
    await form.getByLabel('Başlanğıc nömrə').fill('000015');
    await form.getByLabel('Son nömrə').fill('000030');
    await pickSelectOption(central, formItem(central, 'Region').locator('.ant-select'), model.region_name);
    await pickSelectOption(central, formItem(central, 'Operator').locator('.ant-select'), 'operator@demo.az');
    await pickSelectOption(
      central,
      formItem(central, 'Nəqliyyat növü').locator('.ant-select'),
      model.transport_type_name,
    );
    await pickFirst(central, 'FN əmsalı');
    await central.getByTestId('fn-batch-save').click();
    await expect(errorUnder(central, 'Başlanğıc nömrə')).toContainText('üst-üstə düşür');

    // F, the batch's operator, accepts it from the list.
    const operator = await signedIn(browser, baseURL, 'operator@demo.az', { at: `/app/new-fn?series=${series}` });
    const mine = operator.locator('.ant-table-row', { hasText: series });
    await expect(mine).toHaveCount(1);
    await mine.getByRole('button', { name: /Qəbul et/ }).click();
    await operator.locator('.ant-popconfirm').getByRole('button', { name: 'Qəbul et' }).click();
    await expect(toast(operator, toastMessages.success)).toBeVisible();
    await expect(mine).toContainText('Qəbul edilib');
    await expect(mine.getByRole('button', { name: /Qəbul et/ })).toHaveCount(0);

    // F shares three forms to the demo inspector through the assign window of the active-fn screen.
    await operator.goto('/app/active-fn?tab=by-inspector');
    await operator.getByTestId('fn-open-share-window').click();
    await expect(operator).toHaveURL(/dialog=assign/);
    const shareWindow = operator.getByTestId('fn-share-window');
    await pickSelectOption(operator, shareWindow.locator('.ant-select').first(), 'inspector@demo.az');
    const assignWindow = shareWindow.getByTestId('fn-assign-window');
    const left = assignWindow.locator('.ant-transfer-section').first();
    const right = assignWindow.locator('.ant-transfer-section').nth(1);
    // The left list is searched by the server: the series from a number on.
    await shareWindow.getByTestId('assign-available-search').locator('input').fill(`${series} 000013`);
    await expect(operator).toHaveURL(new RegExp(`available_search=${series}`));
    await expect(shareWindow.getByTestId('assign-available-total')).toHaveText('Cəmi: 7');
    for (const number of ['000013', '000014', '000015']) {
      await left.locator('.ant-transfer-list-content-item', { hasText: `${series} ${number}` }).click();
    }
    await assignWindow.getByRole('button', { name: /Əlavə et/ }).click();
    await expect(toast(operator, toastMessages.success)).toBeVisible();
    for (const number of ['000013', '000014', '000015']) {
      await expect(right.getByText(`${series} ${number}`)).toBeVisible();
      await expect(left.getByText(`${series} ${number}`)).toHaveCount(0);
    }
    await expect(shareWindow.getByTestId('assign-available-total')).toHaveText('Cəmi: 4');
    await operator.keyboard.press('Escape');
    await expect(shareWindow).toBeHidden();
    await expect(operator).not.toHaveURL(/dialog=/);

    // C finds one of them with check-fn.
    const asOperator = await apiAs(operator);
    const inspectors = await asOperator.get<{ data: Operator[] }>(`/api/user/users/inspectors/?region=${model.region}`);
    const demoInspector = inspectors.data.find((i) => i.email === 'inspector@demo.az')!;
    const inspector = await signedIn(browser, baseURL, 'inspector@demo.az', {
      viewport: { width: 390, height: 900 },
      at: `/app/check-fn?series=${series}&number=000014`,
    });
    const card = inspector.getByTestId('fn-check-card');
    await expect(card).toContainText('Müfəttişə verilib');
    await expect(card).toContainText(`${demoInspector.last_name} ${demoInspector.first_name}`);

    // F voids one form with a reason from its row of the active-fn screen (the reason is required).
    await operator.goto(`/app/active-fn?series=${series}&number_from=000012&number_to=000012`);
    const spoiled = operator.locator('.ant-table-row', { hasText: '000012' });
    await expect(spoiled).toHaveCount(1);
    await spoiled.getByRole('button', { name: /Ləğv et/ }).click();
    await expect(operator).toHaveURL(/void=\d+/);
    const voidForm = operator.getByTestId('fn-void-form');
    await expect(voidForm).toContainText(`${series} 000012`);
    await voidForm.getByRole('button', { name: 'Ləğv et' }).click();
    await expect(errorUnder(operator, 'Səbəb')).toHaveText(fnMessages.reasonRequired);
    await voidForm.getByLabel('Səbəb').fill('Blank cırılıb');
    await voidForm.getByRole('button', { name: 'Ləğv et' }).click();
    await expect(toast(operator, toastMessages.success)).toBeVisible();
    await expect(voidForm).toBeHidden();
    await expect(operator.locator('.ant-table-row', { hasText: '000012' })).toHaveCount(0);
    await expect(operator.getByTestId('list-total')).toHaveText('Cəmi: 0');

    // B sees it in the reconciliation, filtered by the series in the address.
    await central.goto(`/app/fn-reconciliation?series=${series}`);
    const report = central.getByTestId('fn-reconciliation-table');
    const line = report.locator('.ant-table-row', { hasText: series });
    await expect(line).toHaveCount(1);
    const cells = line.locator('td');
    // series, operator, region, batches, issued, new, active, shared, used, paid, expired, voided, annulled, balanced
    await expect(cells.nth(4)).toHaveText('10');
    await expect(cells.nth(6)).toHaveText('6');
    await expect(cells.nth(7)).toHaveText('3');
    await expect(cells.nth(11)).toHaveText('1');
    await expect(cells.nth(13)).toHaveText('Bəli');
    await expect(central.getByTestId('fn-reconciliation-summary')).toBeVisible();

    // The registry of every form shows the voided one, by the filters in the address, and its own timeline.
    await central.goto(`/app/general-fn?series=${series}&stage=voided`);
    const voided = central.locator('.ant-table-row', { hasText: '000012' });
    await expect(voided).toHaveCount(1);
    await expect(voided).toContainText('Blank cırılıb');
    await voided.getByRole('button', { name: /Tarixçə/ }).click();
    const formDrawer = central.getByTestId('fn-history-drawer');
    await expect(formDrawer.getByTestId('fn-history-entry').last()).toContainText('Ləğv');
    await central.keyboard.press('Escape');
    await expect(formDrawer).toBeHidden();

    // Its other filters: the inspector the forms are shared to, the region and the operator, all in the address.
    await central.goto(`/app/general-fn?series=${series}`);
    await expect(central.getByTestId('list-total')).toHaveText('Cəmi: 10');
    await pickSelectOption(
      central,
      central.getByTestId('filter-inspector').locator('.ant-select'),
      'inspector@demo.az',
    );
    await expect(central).toHaveURL(/inspector=\d+/);
    await expect(central.getByTestId('list-total')).toHaveText('Cəmi: 3');
    await pickSelectOption(central, central.getByTestId('filter-region').locator('.ant-select'), model.region_name);
    await pickSelectOption(central, central.getByTestId('filter-operator').locator('.ant-select'), 'operator@demo.az');
    await expect(central).toHaveURL(/region=\d+.*operator=\d+|operator=\d+.*region=\d+/);
    await expect(central.getByTestId('list-total')).toHaveText('Cəmi: 3');
    await central.reload();
    await expect(central.getByTestId('list-total')).toHaveText('Cəmi: 3');
    // C reads the registry too, but not the names of the region's staff: no operator or inspector filter.
    await inspector.setViewportSize({ width: 1400, height: 900 });
    await inspector.goto(`/app/general-fn?series=${series}`);
    await expect(inspector.getByTestId('filter-region')).toBeVisible();
    await expect(inspector.getByTestId('filter-transport_type')).toBeVisible();
    await expect(inspector.getByTestId('filter-operator')).toHaveCount(0);
    await expect(inspector.getByTestId('filter-inspector')).toHaveCount(0);

    // B reads the batch's timeline from its row: issued, accepted, shared, a form voided; focus returns on close.
    await central.goto(`/app/new-fn?series=${series}`);
    const history = central.locator('.ant-table-row', { hasText: series }).getByRole('button', { name: /Tarixçə/ });
    await history.click();
    const drawer = central.getByTestId('fn-history-drawer');
    const entries = drawer.getByTestId('fn-history-entry');
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText('Buraxılış');
    await expect(entries.nth(0)).toContainText('000010 - 000019');
    await expect(entries.nth(0)).toContainText('central@demo.az');
    await expect(entries.nth(1)).toContainText('Qəbul');
    await expect(entries.nth(1)).toContainText('operator@demo.az');
    await expect(entries.nth(2)).toContainText('Müfəttişə verilmə');
    await expect(entries.nth(2)).toContainText('000013 - 000015');
    await expect(entries.nth(3)).toContainText('Ləğv');
    await expect(entries.nth(3)).toContainText('Blank cırılıb');
    await central.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(history).toBeFocused();
  });

  test('an edit of a batch someone saved meanwhile is refused as stale, and saves after reloading', async ({
    browser,
    baseURL,
  }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const batch = await issueBatch(central, 3);
    await central.goto(`/app/new-fn-edit/${batch.id}`);
    const form = central.getByTestId('fn-batch-form');
    await expect(form.getByLabel('Seriya')).toHaveValue(batch.series);
    await expect(form.getByLabel('Son nömrə')).toHaveValue('000003');

    // Someone else widens the batch meanwhile.
    const api = await apiAs(central);
    const { id, version, ...rest } = batch;
    await central.request.put(`/api/fn/batches/${id}/`, {
      headers: { authorization: `Bearer ${await central.evaluate(() => localStorage.getItem('token'))}` },
      data: {
        series: rest.series,
        start_number: rest.start_number,
        finish_number: '000004',
        operator: rest.operator,
        region: rest.region,
        transport_type: rest.transport_type,
        coefficient: rest.coefficient,
        expire_date: rest.expire_date,
        expire_date_type: rest.expire_date_type,
        version,
      },
    });
    expect((await api.get<FnBatch>(`/api/fn/batches/${id}/`)).finish_number).toBe('000004');

    await form.getByLabel('Son nömrə').fill('000005');
    await expect(central.getByTestId('fn-range-count')).toHaveText('Aralıqda 5 nömrə');
    await central.getByTestId('fn-batch-save').click();
    await expect(central.getByTestId('stale-version-alert')).toBeVisible();
    // The typing is kept over the fresh batch; taking theirs asks first (issue 56).
    await expect(form.getByLabel('Son nömrə')).toHaveValue('000005');
    await central.getByTestId('stale-version-reload').click();
    await central.getByTestId('stale-version-confirm').click();
    await expect(form.getByLabel('Son nömrə')).toHaveValue('000004');
    await form.getByLabel('Son nömrə').fill('000005');
    await central.getByTestId('fn-batch-save').click();
    await expect(toast(central, toastMessages.success)).toBeVisible();
    expect((await api.get<FnBatch>(`/api/fn/batches/${id}/`)).finish_number).toBe('000005');
  });
});

/** F accepts a batch addressed to them, through the API (the accept screen has its own test above). */
async function acceptAsOperator(operator: Page, batch: FnBatch) {
  await (await apiAs(operator)).post(`/api/fn/batches/${batch.id}/accept/`, {});
}

test.describe('active-fn', () => {
  test('F shares a range to the inspector and takes part of it back; the server says why a range cannot move', async ({
    browser,
    baseURL,
  }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const batch = await issueBatch(central, 5);
    const operator = await signedIn(browser, baseURL, 'operator@demo.az');
    await acceptAsOperator(operator, batch);

    await operator.goto(`/app/active-fn?tab=by-inspector&series=${batch.series}`);
    await pickSelectOption(
      operator,
      operator.getByTestId('filter-inspector').locator('.ant-select'),
      'inspector@demo.az',
    );
    await expect(operator).toHaveURL(/inspector=\d+/);
    await expect(operator.getByTestId('list-total')).toHaveText('Cəmi: 0');

    await operator.getByTestId('fn-open-range').click();
    await expect(operator).toHaveURL(/dialog=range/);
    const form = operator.getByTestId('fn-range-form');
    // The inspector chosen on the screen is the dialog's; every other field is checked before any request.
    await expect(form.locator('.ant-select')).toContainText('inspector@demo.az');
    await operator.getByTestId('fn-range-share').click();
    await expect(errorUnder(operator, 'Seriya')).toHaveText(fnMessages.seriesRequired);
    await expect(errorUnder(operator, 'Başlanğıc nömrə')).toHaveText(fnMessages.numberInvalid);
    await expect(errorUnder(operator, 'Son nömrə')).toHaveText(fnMessages.numberInvalid);

    // A range of the series with no forms: the server's 400 shows under the start number.
    await form.getByLabel('Seriya').fill(batch.series.toLowerCase());
    await form.getByLabel('Başlanğıc nömrə').fill('000100');
    await form.getByLabel('Son nömrə').fill('000110');
    await expect(operator.getByTestId('fn-share-range-count')).toHaveText('Aralıqda 11 nömrə');
    await operator.getByTestId('fn-range-share').click();
    await expect(errorUnder(operator, 'Başlanğıc nömrə')).toHaveText(fnMessages.rangeEmpty);

    await form.getByLabel('Başlanğıc nömrə').fill('000002');
    await form.getByLabel('Son nömrə').fill('000004');
    await operator.getByTestId('fn-range-share').click();
    await expect(toast(operator, toastMessages.success)).toBeVisible();
    await expect(operator.getByTestId('fn-range-moved')).toHaveText('3 blank müfəttişə verildi.');
    await expect(operator.getByTestId('list-total')).toHaveText('Cəmi: 3');

    // The same range again: nothing moves, and the server's 409 says why.
    await form.getByLabel('Başlanğıc nömrə').fill('000002');
    await form.getByLabel('Son nömrə').fill('000004');
    await operator.getByTestId('fn-range-share').click();
    await expect(operator.locator('.ant-message-notice', { hasText: 'heç bir dəyişiklik edilmədi' })).toBeVisible();

    // Taking back two of them leaves one with the inspector, and the two are active and shared to nobody again.
    await form.getByLabel('Başlanğıc nömrə').fill('000002');
    await form.getByLabel('Son nömrə').fill('000003');
    await operator.getByTestId('fn-range-unshare').click();
    await expect(operator.getByTestId('fn-range-moved')).toHaveText('2 blank müfəttişdən geri alındı.');
    await operator.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(operator.getByTestId('list-total')).toHaveText('Cəmi: 1');
    await expect(operator.locator('.ant-table-row', { hasText: '000004' })).toContainText('Müfəttişə verilib');

    await operator.getByRole('tab', { name: 'Paylaşılmamış' }).click();
    await expect(operator).toHaveURL(/\/app\/active-fn$/);
    await operator.goto(`/app/active-fn?series=${batch.series}`);
    await expect(operator.getByTestId('list-total')).toHaveText('Cəmi: 4');
  });

  test('the not-shared tab pages by Next and Previous, the cursor in the address (reload and back keep the page)', async ({
    browser,
    baseURL,
  }) => {
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const batch = await issueBatch(central, 25);
    const operator = await signedIn(browser, baseURL, 'operator@demo.az');
    await acceptAsOperator(operator, batch);

    await operator.goto(`/app/active-fn?series=${batch.series}`);
    const rows = operator.locator('main .ant-table-row');
    const previous = operator.getByTestId('list-previous');
    const next = operator.getByTestId('list-next');
    await expect(operator.getByTestId('list-total')).toHaveText('Cəmi: 25');
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText('000001');
    await expect(previous).toBeDisabled();
    // Keyset pages have no numbers.
    await expect(operator.locator('main .ant-pagination')).toHaveCount(0);

    await next.click();
    await expect(operator).toHaveURL(/cursor=/);
    await expect(rows.first()).toContainText('000011');
    await expect(rows.last()).toContainText('000020');
    await operator.reload();
    await expect(rows.first()).toContainText('000011');

    await next.click();
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText('000021');
    await expect(next).toBeDisabled();

    await previous.click();
    await expect(rows.first()).toContainText('000011');
    await operator.goBack();
    await expect(rows.first()).toContainText('000021');
    // One page at a time: a second click before the first page arrived would follow the same cursor again.
    await previous.click();
    await expect(rows.first()).toContainText('000011');
    await previous.click();
    await expect(rows.first()).toContainText('000001');
    await expect(previous).toBeDisabled();

    // A filter starts again at the first page: a cursor belongs to the query it was made for.
    await next.click();
    await expect(operator).toHaveURL(/cursor=/);
    await operator.getByTestId('filter-input-number_from').locator('input').fill('000005');
    await operator.getByTestId('filter-input-number_from').locator('input').press('Enter');
    await expect(operator).not.toHaveURL(/cursor=/);
    await expect(rows.first()).toContainText('000005');
    await expect(operator.getByTestId('list-total')).toHaveText('Cəmi: 21');
  });
});

test.describe('paid-fn', () => {
  test('with no paid forms yet the list says so; only A may annul', async ({ browser, baseURL }) => {
    // A series no form has (other tests pay demo forms): its paid list is empty.
    const series = uniqueSeries();
    const admin = await signedIn(browser, baseURL, 'admin@demo.az', { at: `/app/paid-fn?series=${series}` });
    await expect(admin.getByTestId('filter-input-series').locator('input')).toHaveValue(series);
    // The picture's own title ("Məlumat yoxdur") comes first.
    await expect(admin.getByTestId('fn-paid-empty')).toContainText(
      'Ödənilmiş blank yoxdur. Blank ödənişi təsdiqlənəndən sonra burada görünəcək.',
    );
    await expect(admin.getByTestId('list-total')).toHaveText('Cəmi: 0');
    await expect(admin.getByTestId('fn-annul-selected')).toBeDisabled();

    const cashier = await signedIn(browser, baseURL, 'cashier@demo.az', { at: `/app/paid-fn?series=${series}` });
    await expect(cashier.getByTestId('fn-paid-empty')).toBeVisible();
    await expect(cashier.getByTestId('fn-annul-selected')).toHaveCount(0);
  });
  test('A annuls a paid form with a reason: it leaves the list, the count drops by one, its timeline says why', async ({
    browser,
    baseURL,
  }) => {
    // Two forms of a fresh batch, paid through the payments API (issue 13) as a cashier's screen would.
    const central = await signedIn(browser, baseURL, 'central@demo.az');
    const batch = await issueBatch(central, 2);
    const operator = await signedIn(browser, baseURL, 'operator@demo.az');
    await (await apiAs(operator)).post(`/api/fn/batches/${batch.id}/accept/`, {});
    const admin = await signedIn(browser, baseURL, 'admin@demo.az');
    const api = await apiAs(admin);
    const forms = await api.get<{ results: { id: number }[] }>(`/api/fn/forms/?batch=${batch.id}&no_page=1`);
    const { coefficient } = await api.get<{ coefficient: string }>(`/api/fn-coefficients/${batch.coefficient}/`);
    const payment = await api.post<{ id: number }>('/api/payments/', {
      owner_code: '1234567891',
      owner_name: 'Annulyasiya Yoxlama MMC',
      region: batch.region,
      ...paymentDocuments,
      rows: forms.results.map((form, i) => ({
        form: form.id,
        plate: `10-AA-${100 + i}`,
        seats_count: 18,
        transport_type: batch.transport_type,
        coefficient,
        expire_date: 12,
      })),
    });
    await api.post(`/api/payments/${payment.id}/submit/`, undefined);
    await api.post(`/api/payments/${payment.id}/pay/`, {
      payment_receipt_number: `E2E-${Date.now()}`,
      payment_receipt_date: new Date().toISOString().slice(0, 10),
    });

    await admin.goto(`/app/paid-fn?series=${batch.series}`);
    await expect(admin.getByTestId('list-total')).toHaveText('Cəmi: 2');
    const first = admin.getByRole('row').filter({ hasText: '000001' });
    await first.getByRole('checkbox').check();
    await admin.getByTestId('fn-annul-selected').click();
    const dialog = admin.getByTestId('fn-annul-form');
    await dialog.getByRole('button', { name: 'Annulyasiya et' }).click();
    await expect(dialog.locator('.ant-form-item-explain')).toHaveText(fnMessages.reasonRequired);
    await dialog.getByLabel('Səbəb').fill('Ödəniş səhv qeyd olunub');
    // With the live stream open, the list's reload after the annulment answers late, after the change feed's event of
    // the forms (which names no writer): one's own annulment still takes the row away, never keeps it marked "left"
    // as another's change would.
    await expect(admin.getByTestId('live-status')).toHaveAttribute('data-status', 'live');
    await admin.route(/\/api\/fn\/paid\/\?/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.fallback();
    });
    await dialog.getByRole('button', { name: 'Annulyasiya et' }).click();
    await expect(toast(admin, toastMessages.success)).toBeVisible();
    await expect(admin.getByTestId('list-total')).toHaveText('Cəmi: 1');
    await expect(admin.getByRole('row').filter({ hasText: '000001' })).toHaveCount(0);
    await admin.unrouteAll();

    // The registry still has the form, annulled, and its timeline ends with the annulment and its reason.
    await admin.goto(`/app/general-fn?series=${batch.series}`);
    const row = admin.locator('.ant-table-row', { hasText: '000001' });
    await row.getByRole('button', { name: /Tarixçə/ }).click();
    const drawer = admin.getByTestId('fn-history-drawer');
    await expect(drawer.getByTestId('fn-history-entry').last()).toContainText('Ödənişin ləğvi');
    await expect(drawer.getByTestId('fn-history-entry').last()).toContainText('Ödəniş səhv qeyd olunub');
  });
});

test('"Hamısı" over 5.000 forms says to narrow or export; the export streams every form from the server with its progress', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const central = await signedIn(browser, baseURL, 'central@demo.az');
  const batch = await issueBatch(central, 5001);
  await central.goto(`/app/general-fn?series=${batch.series}&per_page=all`);
  const error = central.getByTestId('list-error');
  await expect(error).toContainText(
    'Filtr 5.001 sətir seçir, "Hamısı" isə ən çox 5.000 sətir göstərir. Filtri daraldın və ya siyahını ixrac edin.',
  );
  await error.getByRole('button', { name: 'Səhifədə 100 sətir göstər' }).click();
  await expect(central).toHaveURL(/per_page=100/);
  await expect(central.getByRole('row').filter({ hasText: '005001' })).toBeVisible();

  const file = await exported(central, 'CSV faylı');
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(5002);
  expect(lines[1]).toContain(batch.series);
  await expect(central.getByTestId('export-progress')).toHaveAttribute('data-phase', 'done');
  await expect(central.getByTestId('export-status')).toContainText('5.001 sətir');
});
