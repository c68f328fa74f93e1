import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * The embedded database runs its statements on the event loop's thread (issue 56): with many statements waiting,
 * the other requests must still be read between them. Before, its queue handed the connection from one statement to
 * the next without a turn of the event loop: 80 exports at once kept even the liveness probe out for 13-46 s.
 */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

describe('the embedded database lets the event loop turn between statements', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
  });
  afterAll(async () => {
    await handle.close();
  });

  it('runs a timer due now after a few of 200 waiting statements, not after all of them; all answer in order', async () => {
    let done = 0;
    const order: number[] = [];
    const statements = Array.from({ length: 200 }, (_, i) =>
      handle.db.execute(sql`select ${i}::int as i`).then((result) => {
        done += 1;
        order.push(rowsOf<{ i: number }>(result)[0]!.i);
      }),
    );
    const doneWhenTimerRan = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    await Promise.all(statements);
    expect(doneWhenTimerRan).toBeLessThan(10);
    expect(order).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('keeps a transaction whole while other statements wait, and a failed statement does not stop the queue', async () => {
    await handle.db.execute(sql`create temporary table turns (n int)`);
    const inside = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns values (1)`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`insert into turns values (2)`);
    });
    const failed = handle.db.execute(sql`select no_such_column from turns`).then(
      () => 'answered',
      () => 'refused',
    );
    const counted = handle.db.execute(sql`select count(*)::int as n from turns`);
    await inside;
    expect(await failed).toBe('refused');
    expect(rowsOf(await counted)[0]).toEqual({ n: 2 });
  });
});
