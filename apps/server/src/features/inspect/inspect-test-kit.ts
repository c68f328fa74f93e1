import {
  markKey,
  parseReceiptQr,
  receiptClaimsSchema,
  snapshotPayloadSchema,
  type Jwks,
  type SignedSnapshot,
  type SnapshotPayload,
} from '@dnx/shared';
import { and, eq } from 'drizzle-orm';
import { compactVerify, createLocalJWKSet, flattenedVerify } from 'jose';
import { expect } from 'vitest';
import { paymentRows, payments } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import type { TestApp } from '../../test/test-app';

/** Settings for a test file that asks for many snapshots as one person (a phone allows far fewer: limits.test.ts). */
export const roomyLimits = { INSPECT_RATE_LIMIT: '100000' };

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

/** Verifies a snapshot answer with the published keys (as the phone does) and reads its payload. */
export async function verifySnapshot(body: SignedSnapshot, jwks: Jwks): Promise<SnapshotPayload> {
  const { payload, protectedHeader } = await flattenedVerify(body, createLocalJWKSet(jwks));
  expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'dnx-snapshot+jws', b64: false, crit: ['b64'] });
  return snapshotPayloadSchema.parse(JSON.parse(new TextDecoder().decode(payload)));
}

/** GET /api/inspect/snapshot/ as `who`, verified. */
export async function fetchSnapshot(t: TestApp, who: SignedIn, since?: string): Promise<SnapshotPayload> {
  const url =
    since === undefined ? '/api/inspect/snapshot/' : `/api/inspect/snapshot/?since=${encodeURIComponent(since)}`;
  const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return verifySnapshot(res.json(), await fetchJwks(t));
}

/** The snapshot's marks by key. */
export const marksByKey = (payload: SnapshotPayload) =>
  new Map(payload.marks.map((mark) => [markKey(mark[0], mark[1]), mark]));

/**
 * The marks of `delta` that differ from `known` (a full snapshot's, with what came after it), by key. A delta may bring
 * a mark again unchanged: its cursor is the server's oldest running transaction, and a transaction of any database on
 * the same server (another test file's, in CI; a long report, in production) holds it below changes already brought.
 * The phone keeps marks by key, so a repeat changes nothing; what a delta must bring is every change, and no other.
 */
export function changedFrom(
  known: Map<string, SnapshotPayload['marks'][number]>,
  delta: Map<string, SnapshotPayload['marks'][number]>,
) {
  return new Map([...delta].filter(([key, mark]) => JSON.stringify(known.get(key)) !== JSON.stringify(mark)));
}

/**
 * Deltas from `cursor`, one after another as a phone syncs, until `done` holds for what they brought (marks by key,
 * the later winning; removed keys). A change comes in the first delta read after every transaction older than it
 * has ended: a background transaction of the app (the report summaries after a payment) can put it one delta later.
 */
export async function syncUntil(
  t: TestApp,
  who: SignedIn,
  cursor: string,
  done: (marks: Map<string, SnapshotPayload['marks'][number]>, removed: Set<string>) => boolean,
) {
  const marks = new Map<string, SnapshotPayload['marks'][number]>();
  const removed = new Set<string>();
  for (let attempt = 0; attempt < 100; attempt++) {
    const delta = await fetchSnapshot(t, who, cursor);
    expect(delta.full).toBe(false);
    for (const [key, mark] of marksByKey(delta)) marks.set(key, mark);
    for (const [series, number] of delta.removed) removed.add(markKey(series, number));
    cursor = delta.cursor;
    if (done(marks, removed)) return { marks, removed, cursor };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the deltas never brought it: ${JSON.stringify([...marks.values()])}`);
}
