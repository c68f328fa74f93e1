import { apiAs, formItem } from './support/access';
import { expect, screenshot, sentMail, test, useSession } from './support/fixtures';
import { paymentDocuments, uniqueSeries } from './support/online';
import { audit, report } from './support/axe';

/** Decodes a quoted-printable mail body enough to read its text and links. */
const decoded = (mail: string) =>
  Buffer.from(
    mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

test('a carrier with an address gets a reminder before its forms expire, and stops them from the link', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useSession(page, 'admin@demo.az');
  const api = await apiAs(page);
  const stamp = Date.now().toString().slice(-8);
  const voen = `19${stamp}`;
  const email = `carrier-${stamp}@dasiyici.az`;

  // The carrier's address and its reminders are on its form.
  await page.goto('/app/carrier-form/new');
  await page.getByLabel('Daşıyıcının adı').fill(`Xəbərdarlıq ${stamp} MMC`);
  await page.getByLabel('VÖEN').fill(voen);
  await page.getByLabel('Telefon').fill('+994501234567');
  await page.getByLabel('E-poçt').fill(email);
  await expect(formItem(page, 'Müddət xəbərdarlıqları')).toContainText('Göndərilsin');
  await page.getByTestId('resource-form-save').click();
  await expect(page).toHaveURL(/\/app\/carriers/);

  // A form of this carrier paid a month ago for a month: it expires in about 20 days.
  const operators = await api.get<{ data: { id: number; email: string; region: number }[] }>(
    '/api/user/users/operators/',
  );
  const operator = operators.data.find((u) => u.email === 'operator@demo.az')!;
  const transportType = (await api.get<{ results: { id: number }[] }>('/api/transport-types/?per_page=1')).results[0]!;
  const coefficient = (
    await api.get<{ results: { id: number; coefficient: string }[] }>('/api/fn-coefficients/?per_page=1')
  ).results[0]!;
  const series = uniqueSeries();
  const batch = await api.post<{ id: number }>('/api/fn/batches/', {
    series,
    start_number: '000001',
    finish_number: '000001',
    operator: operator.id,
    region: operator.region,
    transport_type: transportType.id,
    coefficient: coefficient.id,
    fnBase: null,
    expire_date: 1,
    expire_date_type: 'month',
  });
  await useSession(page, 'operator@demo.az');
  await (await apiAs(page)).post(`/api/fn/batches/${batch.id}/accept/`, {});
  await useSession(page, 'admin@demo.az');
  const admin = await apiAs(page);
  const [form] = (await admin.get<{ results: { id: number }[] }>(`/api/fn/forms/?batch=${batch.id}&no_page=1`)).results;
  const payment = await admin.post<{ id: number }>('/api/payments/', {
    owner_code: voen,
    owner_name: `Xəbərdarlıq ${stamp} MMC`,
    region: operator.region,
    ...paymentDocuments,
    rows: [
      {
        form: form!.id,
        plate: '10-AA-321',
        seats_count: 18,
        transport_type: transportType.id,
        coefficient: coefficient.coefficient,
        expire_date: 1,
      },
    ],
  });
  await admin.post(`/api/payments/${payment.id}/submit/`, undefined);
  const receiptDay = new Date(Date.now() - 12 * 86_400_000).toISOString().slice(0, 10);
  await admin.post(`/api/payments/${payment.id}/pay/`, {
    payment_receipt_number: `E2E-${stamp}`,
    payment_receipt_date: receiptDay,
  });

  // The administrator runs the day's reminders now (the jobs screen's button); the mail arrives.
  const before = sentMail().length;
  await page.goto('/app/jobs');
  await page.getByTestId('job-run-expiry-reminders').click();
  let link = '';
  await expect(async () => {
    const mail = sentMail()
      .slice(before)
      .map(decoded)
      .find((m) => m.includes(email));
    expect(mail).toBeDefined();
    expect(mail).toContain(`${series} 000001 (10-AA-321)`);
    link = /https?:\/\/[^\s"<]+(\/reminders\/opt-out\/[0-9a-f-]{36})/.exec(mail!)![1]!;
  }).toPass({ timeout: 30_000 });

  // The link asks first; the button stops them.
  await page.goto(link);
  await expect(page.getByTestId('opt-out-page')).toContainText(`Xəbərdarlıq ${stamp} MMC`);
  await screenshot(page, 'reminders-opt-out');
  expect(report(await audit(page, 'the opt-out page'))).toBe('');
  await page.getByTestId('opt-out-confirm').click();
  await expect(page.getByTestId('opt-out-done')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('opt-out-done')).toBeVisible();

  // Staff see it on the carrier's record.
  await page.goto(`/app/carriers?voen=${voen}`);
  await expect(page.getByTestId('resource-table')).toContainText(voen);
  const carriers = await (
    await apiAs(page)
  ).get<{ results: { expiry_reminders: number }[] }>(`/api/carriers/?voen=${voen}`);
  expect(carriers.results[0]!.expiry_reminders).toBe(0);
});
