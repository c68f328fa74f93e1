import type { Page } from '@playwright/test';
import type { FnBatch } from '@dnx/shared';
import { apiAs } from './access';
import { expect } from './fixtures';
import { paymentDocuments } from './online';

/** The batch's form of `number` (its id), read as the administrator. */
export async function formOf(admin: Page, batch: FnBatch, number: string): Promise<{ id: number; number: string }> {
  const api = await apiAs(admin);
  const forms = await api.get<{ results: { id: number; number: string }[] }>(
    `/api/fn/forms/?batch=${batch.id}&no_page=1`,
  );
  return forms.results.find((f) => f.number === number)!;
}

/**
 * Pays one form of `batch` as the administrator, the way the cashier's screen does; answers the payment's id. The
 * batch's forms are for a year (freeAvtobusForms): a receipt dated two years back makes a mark expired already.
 */
export async function payForm(
  admin: Page,
  batch: FnBatch,
  number: string,
  plate: string,
  receiptDate = new Date().toISOString().slice(0, 10),
): Promise<{ form: number; payment: number }> {
  const api = await apiAs(admin);
  const form = await formOf(admin, batch, number);
  const stamp = `${Date.now()}`.slice(-8);
  const payment = await api.post<{ id: number }>('/api/payments/', {
    owner_code: `18${stamp}`,
    owner_name: `Yol yoxlaması ${stamp} MMC`,
    region: batch.region,
    ...paymentDocuments,
    rows: [
      {
        form: form.id,
        plate,
        seats_count: 18,
        transport_type: batch.transport_type,
        coefficient: batch.coefficient_value,
        expire_date: 12,
      },
    ],
  });
  await api.post(`/api/payments/${payment.id}/submit/`, undefined);
  await api.post(`/api/payments/${payment.id}/pay/`, {
    payment_receipt_number: `INS-${stamp}-${number}`,
    payment_receipt_date: receiptDate,
  });
  return { form: form.id, payment: payment.id };
}

/** The QR text of a paid payment's receipt, as the PDF's QR code and its link hold it. */
export async function receiptQrText(admin: Page, payment: number): Promise<string> {
  const token = await admin.evaluate(() => localStorage.getItem('token'));
  const res = await admin.request.get(`/api/payments/${payment}/receipt.pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const pdf = (await res.body()).toString('latin1');
  const signed = [...pdf.matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]!).find((link) => link.includes('#r='));
  if (!signed) throw new Error(`no signed QR link in the receipt of payment ${payment}: ${pdf.slice(0, 2000)}`);
  return signed;
}

export const inspectAnswer = (page: Page) => page.getByTestId('inspect-answer');

/** Types a mark on the phone (its fields named in Azerbaijani) and checks it. */
export async function typeMark(page: Page, series: string, number: string) {
  await page.getByRole('textbox', { name: 'Seriya', exact: true }).fill(series);
  await page.getByRole('textbox', { name: 'Nömrə', exact: true }).fill(number);
  await page.getByTestId('inspect-check').click();
}
