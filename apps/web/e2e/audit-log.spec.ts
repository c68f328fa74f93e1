import { jobMessages } from '@dnx/shared';
import { apiAs } from './support/access';
import { expect, screenshot, test, toast, useSession } from './support/fixtures';

test.describe('audit log', () => {
  test.use({ viewport: { width: 1500, height: 1000 } });

  test('the admin filters the trail, opens a change and sees its values before and after side by side', async ({
    page,
  }) => {
    await useSession(page, 'admin@demo.az');
    const api = await apiAs(page);
    const name = `Audit statusu ${Date.now().toString(36)}`;
    const created = await api.post<{ id: number; version: number }>('/api/fn-statuses/', {
      name,
      description: 'Əvvəlki təsvir',
    });
    const putRes = await page.request.put(`/api/fn-statuses/${created.id}/`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
      data: { name: `${name} yeni`, description: 'Sonrakı təsvir', version: created.version },
    });
    expect(putRes.status(), await putRes.text()).toBe(200);

    await page.goto('/app/audit-log');
    await expect(page.getByTestId('audit-log-page')).toBeVisible();
    // The sign-in just made is on the first page.
    await expect(page.getByRole('row').filter({ hasText: 'Sistemə giriş' }).first()).toBeVisible();

    await page.getByTestId('filter-action').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Dəyişmə', { exact: true }).click();
    await expect(page).toHaveURL(/action=update/);
    await page.getByTestId('list-search').locator('input').fill(name);
    await page.getByTestId('list-search').locator('input').press('Enter');
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByTestId('list-total')).toHaveText('Cəmi: 1');
    await screenshot(page, 'audit-log');

    await page.getByRole('button', { name: /^Bax: / }).click();
    const entry = page.getByTestId('audit-entry');
    await expect(entry).toBeVisible();
    const row = (field: string) => entry.getByTestId('audit-changes').getByRole('row').filter({ hasText: field });
    await expect(row('description')).toContainText('Əvvəlki təsvir');
    await expect(row('description')).toContainText('Sonrakı təsvir');
    await expect(row('name')).toContainText(`${name} yeni`);
    await expect(entry).toContainText('127.0.0.1');
    await screenshot(page, 'audit-entry');

    // The filters live in the URL: a reload shows the same one row.
    await page.reload();
    await expect(page.getByTestId('list-total')).toHaveText('Cəmi: 1');
  });
});

test('an administrator sees the scheduled jobs and runs the cleanup now; its result shows', async ({ page }) => {
  await useSession(page, 'admin@demo.az', '/app/jobs');
  const table = page.getByTestId('jobs-table');
  await expect(table.locator('tr.ant-table-row')).toHaveCount(6);
  await expect(table).toContainText('Gecə yoxlaması');
  await expect(table).toContainText('Gecikmiş ödənişlər');
  await expect(table).toContainText('Hesabat yekunlarının birləşdirilməsi');
  await page.getByTestId('job-run-cleanup').click();
  await expect(toast(page, jobMessages.started)).toBeVisible();
  const cleanup = table.locator('tr.ant-table-row', { hasText: 'Köhnə qeydlərin təmizlənməsi' });
  await expect(cleanup).toContainText('Uğurlu', { timeout: 20_000 });
  await expect(cleanup).toContainText('admin@demo.az');
  await screenshot(page, 'jobs');
});
