import { azCompare } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Ordering by a referenced record's name reads a stored sort key kept by triggers (migration 0013). Checked
 * against the Azerbaijani alphabet in JavaScript, after the writes that must move it: a rename of the referenced
 * record, and a row pointed at another one.
 */

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await signInAs(t, 'admin@demo.az');
});

afterAll(async () => {
  await t?.close();
});

type Row = { id: number; version: number } & Record<string, unknown>;

async function list(path: string, query: string): Promise<Row[]> {
  const res = await t.app.inject({ method: 'GET', url: `${path}?no_page=1&${query}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Row[] }).results;
}

/** The order the list must have: by the referenced name in the Azerbaijani alphabet (empty last), then by id. */
function expectOrderedBy(rows: Row[], nameField: string, descending = false) {
  const expected = [...rows].sort((a, b) => {
    const x = a[nameField] as string | null;
    const y = b[nameField] as string | null;
    const byName = x === null || y === null ? (x === null ? 1 : 0) - (y === null ? 1 : 0) : azCompare(x, y);
    return (descending ? -byName : byName) || (descending ? b.id - a.id : a.id - b.id);
  });
  expect(rows.map((r) => [r[nameField], r.id])).toEqual(expected.map((r) => [r[nameField], r.id]));
}

async function put(path: string, record: Row, changes: Record<string, unknown>) {
  const body = Object.fromEntries(
    Object.entries({ ...record, ...changes }).filter(([k]) => !k.endsWith('_name') && k !== 'id' && k !== 'created_at'),
  );
  const res = await t.app.inject({ method: 'PUT', url: `${path}${record.id}/`, headers: admin.headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

describe('ordering by a referenced name', () => {
  it('orders automobiles by brand, model and carrier names, and follows renames and changed references', async () => {
    for (const [field, order] of [
      ['brand', 'asc'],
      ['model', 'desc'],
      ['carrier', 'asc'],
    ] as const) {
      expectOrderedBy(
        await list('/api/automobiles/', `order_by=${field}&order=${order}`),
        `${field}_name`,
        order === 'desc',
      );
    }
    // The brand that sorts first is renamed to sort last: its automobiles move without being written.
    const brands = await list('/api/automobile-brands/', 'order_by=name');
    await put('/api/automobile-brands/', brands[0]!, { name: 'Ümumi son marka' });
    expectOrderedBy(await list('/api/automobiles/', 'order_by=brand'), 'brand_name');
    expectOrderedBy(await list('/api/automobile-models/', 'order_by=brand'), 'brand_name');
    // An automobile given another carrier moves to that carrier's place.
    const [automobile] = await list('/api/automobiles/', 'order_by=carrier');
    const carriers = await list('/api/carriers/', 'order_by=name&order=desc');
    await put('/api/automobiles/', automobile!, { carrier: carriers[0]!.id });
    expectOrderedBy(await list('/api/automobiles/', 'order_by=carrier'), 'carrier_name');
  });

  it('orders carriers by tax payer with the ones without one last', async () => {
    const [carrier] = await list('/api/carriers/', 'order_by=id');
    await put('/api/carriers/', carrier!, { tax_payer: null });
    expectOrderedBy(await list('/api/carriers/', 'order_by=tax_payer'), 'tax_payer_name');
    const payers = await list('/api/tax-payers/', 'order_by=name');
    await put('/api/tax-payers/', payers.at(-1)!, { name: 'Əvvəlcə gələn ödəyici' });
    expectOrderedBy(await list('/api/carriers/', 'order_by=tax_payer'), 'tax_payer_name');
  });

  it('reads an index for the order, not a sort of every row', async () => {
    await t.database.db.execute(sql`analyze automobiles`);
    // One connection for the setting and the plan; a few demo rows would otherwise be read whole.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from automobiles order by brand_sort collate "C", id limit 10`);
    });
    const text = JSON.stringify((plan as unknown as { rows?: unknown[] }).rows ?? plan);
    expect(text).toContain('automobiles_brand_sort_idx');
  });
});
