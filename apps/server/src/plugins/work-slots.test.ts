import { importMessages, listExportMessages, translateMessage } from '@dnx/shared';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../test/auth-helpers';
import { multipart } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Exports and imports under a limit per process and per user (issue 40): beyond it a clear 429 with Retry-After in
 * the caller's language, and everyone else answered fast while the limit is full. Small limits here: one export and
 * one import a user, two exports and two uploads a process.
 */
describe('the limits on exports and imports', () => {
  let t: TestApp;
  const who: Record<string, { headers: Record<string, string>; id: number }> = {};
  const exportOf = (as: string, url = '/api/payments/export/?format=csv') =>
    t.app.inject({ method: 'GET', url, headers: who[as]!.headers });

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: {
        EXPORTS_PER_USER: '1',
        EXPORTS_PER_PROCESS: '2',
        IMPORTS_PER_USER: '1',
        IMPORTS_PER_PROCESS: '2',
        BUSY_RETRY_AFTER: '7',
      },
    });
    for (const name of ['admin', 'central', 'cashier']) {
      const email = `${name}@demo.az`;
      const [row] = (
        (await t.database.db.execute(sql`select id from users where email = ${email}`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      who[name] = { headers: (await signInAs(t, email)).headers, id: row!.id };
    }
  });
  afterAll(async () => t?.close());

  it("refuses a user's export past their limit and any past the process's, with Retry-After; frees each slot", async () => {
    // An export of the administrator's in flight.
    const release = t.app.workSlots.exports.take(who.admin!.id);
    const mine = await exportOf('admin');
    expect(mine.statusCode).toBe(429);
    expect(mine.headers['retry-after']).toBe('7');
    expect(mine.json()).toEqual({ detail: listExportMessages.busyUser });
    expect(translateMessage(listExportMessages.busyUser, 'en')).toBe(
      'Another export of yours is still being prepared: try again once it has finished.',
    );
    // The reports' export is under the same limit.
    const report = await exportOf('admin', '/api/reports/export/?format=xlsx');
    expect(report.statusCode).toBe(429);
    expect(report.json()).toEqual({ detail: listExportMessages.busyUser });
    // Another user still exports: the process has a second slot.
    expect((await exportOf('central')).statusCode).toBe(200);
    // With that slot taken too, a third user is refused by the process's limit.
    const releaseCentral = t.app.workSlots.exports.take(who.central!.id);
    const full = await exportOf('cashier');
    expect(full.statusCode).toBe(429);
    expect(full.headers['retry-after']).toBe('7');
    expect(full.json()).toEqual({ detail: listExportMessages.busyServer });
    release();
    releaseCentral();
    // Each export gives its slot back when its answer is sent, a refused one (400) too.
    expect((await exportOf('admin', '/api/payments/export/?format=csv&columns=nothing')).statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await exportOf('admin')).statusCode).toBe(200);
    expect(t.app.workSlots.exports.inUse).toBe(0);
  });

  it('holds a slot while an export streams, and answers everyone else fast while the exports are full', async () => {
    // Two exports of every form, their files not read yet: each holds its slot while it streams.
    const streaming = await Promise.all(
      ['admin', 'central'].map((as) =>
        t.app.inject({
          method: 'GET',
          url: '/api/fn/forms/export/?format=csv',
          headers: who[as]!.headers,
          payloadAsStream: true,
        }),
      ),
    );
    for (const res of streaming) expect(res.statusCode).toBe(200);
    expect(t.app.workSlots.exports.inUse).toBe(2);
    const start = performance.now();
    const refused = await Promise.all(Array.from({ length: 10 }, () => exportOf('cashier')));
    const health = await t.app.inject({ method: 'GET', url: '/api/health/live/' });
    const list = await t.app.inject({ method: 'GET', url: '/api/payments/', headers: who.cashier!.headers });
    const elapsed = performance.now() - start;
    expect(refused.map((res) => res.statusCode)).toEqual(Array(10).fill(429));
    expect(health.statusCode).toBe(200);
    expect(list.statusCode).toBe(200);
    expect(elapsed, `answered in ${Math.round(elapsed)} ms`).toBeLessThan(1000);
    // Read to their end, the files give their slots back.
    for (const res of streaming) {
      const stream = res.stream() as Readable;
      for await (const _ of stream);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.app.workSlots.exports.inUse).toBe(0);
    expect((await exportOf('cashier')).statusCode).toBe(200);
  });

  it("refuses an upload while the user's import waits for its check, and any past the process's uploads", async () => {
    const upload = (as: string) => {
      const body = multipart({
        resource: 'cities',
        file: { file: Buffer.from('\uFEFFAd;Status\r\nLimit Şəhəri;Aktiv\r\n'), name: 'a.csv', type: 'text/csv' },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/imports/',
        payload: body.payload,
        headers: { ...who[as]!.headers, ...body.headers },
      });
    };
    // An import of the administrator's waiting in the queue (of any process).
    const [waiting] = (
      (await t.database.db.execute(sql`
        insert into imports (user_id, resource, file_name, format, file, status)
        values (${who.admin!.id}, 'cities', 'waiting.csv', 'csv', ${Buffer.from('Ad')}, 'queued') returning id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const refused = await upload('admin');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.json()).toEqual({ detail: importMessages.busyUser });
    expect(translateMessage(importMessages.busyUser, 'ru')).toBe(
      'Другой ваш импорт ещё проверяется: загрузите файл снова, когда он закончится.',
    );
    await t.database.db.execute(sql`delete from imports where id = ${waiting!.id}`);
    // Two uploads being taken in by this process: a third is refused, whoever sends it.
    const releases = [t.app.workSlots.imports.take(who.central!.id), t.app.workSlots.imports.take(who.cashier!.id)];
    const busy = await upload('admin');
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('7');
    expect(busy.json()).toEqual({ detail: importMessages.busyServer });
    for (const release of releases) release();
    const accepted = await upload('admin');
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(t.app.workSlots.imports.inUse).toBe(0);
  });
});
