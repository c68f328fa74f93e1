import { parseReceiptQr, receiptClaimsSchema, type Jwks } from '@dnx/shared';
import { and, eq } from 'drizzle-orm';
import { compactVerify, createLocalJWKSet } from 'jose';
import { expect } from 'vitest';
import { paymentRows, payments } from '../../db/schema';
import { signInAs } from '../../test/auth-helpers';
import type { TestApp } from '../../test/test-app';

/** The published keys, as a phone downloads them. */
export async function fetchJwks(t: TestApp): Promise<Jwks> {
  const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A paid payment of the demo data with one row that is not cancelled. */
export async function paidPayment(t: TestApp) {
  const [row] = await t.database.db
    .select({ id: payments.id, code: payments.verifyCode })
    .from(payments)
    .innerJoin(paymentRows, and(eq(paymentRows.paymentId, payments.id), eq(paymentRows.cancelled, false)))
    .where(eq(payments.status, 3))
    .limit(1);
  if (!row) throw new Error('no paid payment in the demo data');
  return row;
}

/** The QR texts of a receipt PDF: each row's link annotation (pdfkit writes annotations uncompressed). */
export async function receiptQrTexts(t: TestApp, paymentId: number): Promise<string[]> {
  const admin = await signInAs(t, 'admin@demo.az');
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/payments/${paymentId}/receipt.pdf`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  const raw = res.rawPayload.toString('latin1');
  return [...new Set([...raw.matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]!))];
}

/** Verifies a QR text's signature with published keys and reads its claims. */
export async function verifyQr(text: string, jwks: Jwks) {
  const parsed = parseReceiptQr(text);
  if (!parsed?.jws) throw new Error(`no signature in ${text}`);
  const { payload, protectedHeader } = await compactVerify(parsed.jws, createLocalJWKSet(jwks));
  return { header: protectedHeader, claims: receiptClaimsSchema.parse(JSON.parse(new TextDecoder().decode(payload))) };
}
