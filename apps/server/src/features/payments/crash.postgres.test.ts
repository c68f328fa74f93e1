import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer } from '../../../../../scripts/lib/server-process.mjs';
import { seededProductionDatabase } from '../../test/production-server';

/**
 * A server process killed (SIGKILL) in the middle of a payment's transaction leaves nothing partial: no payment,
 * no row, no ledger or audit row, the form still active and free; killed after the payment committed and before its
 * answer was kept, a retry with the same Idempotency-Key gets the payment that was made, at once, from another
 * process. A PostgreSQL-only test (DATABASE_URL's server), against the server build in its own process.
 */

const holdKey = 987_654;

describe('a payment interrupted by a killed server process', () => {
  let setup: Awaited<ReturnType<typeof seededProductionDatabase>>;
  let owner: pg.Client;
  let env: Record<string, string>;

  beforeAll(async () => {
    setup = await seededProductionDatabase('dnx_crash');
    env = setup.env;
    owner = new pg.Client({ connectionString: setup.database.url });
    await owner.connect();
  }, 180_000);

  afterAll(async () => {
    await owner?.end();
    await setup?.dispose();
  });

  const one = async <T>(text: string, values: unknown[] = []): Promise<T> =>
    (await owner.query(text, values)).rows[0] as T;
  /** Waits until a statement of the server waits on the test's advisory lock `key`. */
  const waitingOn = (key: number) =>
    expect
      .poll(
        async () =>
          (
            await one<{ n: number }>(
              `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted`,
              [key],
            )
          ).n,
        { timeout: 30_000 },
      )
      .toBe(1);
  /** Waits until every connection of the killed process has ended (a waiting one once it finds its client gone). */
  const connectionsGone = () =>
    expect
      .poll(
        async () =>
          (
            await one<{ n: number }>(
              'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
            )
          ).n,
        { timeout: 30_000 },
      )
      .toBe(0);

  let server: Awaited<ReturnType<typeof startServer>>;
  /** A JSON call of the running server, with an Idempotency-Key when given. */
  const call = async (token: string, method: string, url: string, body?: unknown, key?: string) => {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
  };
  /** A payment of a free form of the demo operator's region, priced as its batch was issued. */
  async function paymentOfAFreeForm(admin: string, ownerName: string, plate: string) {
    const get = async <T>(url: string) => (await call(admin, 'GET', url)).json as T;
    const operators = await get<{ data: { email: string; region: number }[] }>('/api/user/users/operators/');
    const region = operators.data.find((o) => o.email === 'operator@demo.az')!.region;
    const free = await get<{ results: { id: number; batch: number }[] }>(
      `/api/fn/forms/for-payment/?region=${region}&per_page=1`,
    );
    const form = free.results[0]!;
    const batch = await get<{ transport_type: number; coefficient: number }>(`/api/fn/batches/${form.batch}/`);
    const { coefficient } = await get<{ coefficient: string }>(`/api/fn-coefficients/${batch.coefficient}/`);
    const { months } = await one<{ months: number }>(
      `select case expire_date_type when 'month' then 1 when 'quarter' then 3 when 'half-year' then 6 else 12 end
       * expire_date as months from fn_batches where id = $1`,
      [form.batch],
    );
    return {
      form,
      payment: {
        owner_code: '1234567891',
        owner_name: ownerName,
        region,
        rows: [
          {
            form: form.id,
            plate,
            seats_count: 18,
            transport_type: batch.transport_type,
            coefficient,
            expire_date: months,
          },
        ],
      },
    };
  }

  it(
    'SIGKILL while a payment is being written: nothing of it stays, and the form is taken afterwards',
    { timeout: 180_000 },
    async () => {
      server = await startServer({ env });
      let admin = await signIn(server.baseUrl);
      const { form, payment } = await paymentOfAFreeForm(admin, 'Qəzaya düşən ödəniş', '10-AA-123');

      // The payment's transaction waits inside its row insert (a trigger the owner adds for this test) on a lock the
      // test holds; the server is killed there, then the lock is let go.
      await owner.query(`create function crash_test_hold() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock(${holdKey}); return new; end $$`);
      await owner.query(
        'create trigger crash_test_hold after insert on payment_rows for each row execute function crash_test_hold()',
      );
      await owner.query('select pg_advisory_lock($1)', [holdKey]);
      // The demo's own payments are there before: nothing may be added to them.
      const trails = () =>
        one<{ ledger: number; audit: number; payments: number; rows: number }>(
          'select (select count(*)::int from fn_ledger) as ledger, (select count(*)::int from audit_log) as audit, ' +
            '(select count(*)::int from payments) as payments, (select count(*)::int from payment_rows) as rows',
        );
      const formState = () => one('select stage, status, payment_id from fn_forms where id = $1', [form.id]);
      const before = await trails();
      const formBefore = await formState();
      expect(formBefore).toMatchObject({ payment_id: null });
      const answer = call(admin, 'POST', '/api/payments/', payment).catch((error: unknown) => error);
      await waitingOn(holdKey);
      await server.kill();
      expect(await answer).toBeInstanceOf(Error);
      await owner.query('select pg_advisory_unlock($1)', [holdKey]);
      // Every connection of the killed process ends; the waiting one rolls back when it finds its client gone.
      await connectionsGone();

      expect(await trails()).toEqual(before);
      expect(await formState()).toEqual(formBefore);

      // A new process takes the same form at once: nothing was left locked or half-written, the ledger holds.
      await owner.query('drop trigger crash_test_hold on payment_rows');
      server = await startServer({ env });
      try {
        admin = await signIn(server.baseUrl);
        const created = await call(admin, 'POST', '/api/payments/', payment);
        expect(created.status, JSON.stringify(created.json)).toBe(201);
        expect((await call(admin, 'GET', '/api/fn/ledger/verify/')).json).toMatchObject({ ok: true });
      } finally {
        await server.stop();
      }
    },
  );

  it(
    'SIGKILL after the payment committed, before its answer was kept: the retry with the same key gets that payment',
    { timeout: 180_000 },
    async () => {
      server = await startServer({ env });
      let admin = await signIn(server.baseUrl);
      const { payment } = await paymentOfAFreeForm(admin, 'Cavabı itən ödəniş', '10-AA-124');
      // The answer is kept by an update of the key's row after the payment's commit: the owner makes that update wait
      // on a lock the test holds, and the server is killed there. A statement of a dead client still runs to its end
      // once it has the lock, so the trigger then refuses it: the answer is lost, as with a crash before the update.
      await owner.query('create table crash_test_killed (at timestamptz)');
      await owner.query(`create function crash_test_hold_answer() returns trigger language plpgsql as $$
      begin
        if new.response_body is not null and old.response_body is null then
          perform pg_advisory_xact_lock(${holdKey + 1});
          if exists (select from crash_test_killed) then raise exception 'the server was killed'; end if;
        end if;
        return new;
      end $$`);
      await owner.query(
        'create trigger crash_test_hold_answer before update on idempotency_keys for each row execute function crash_test_hold_answer()',
      );
      await owner.query('select pg_advisory_lock($1)', [holdKey + 1]);
      const key = `crash-${randomBytes(6).toString('hex')}`;
      const lost = call(admin, 'POST', '/api/payments/', payment, key).catch((error: unknown) => error);
      await waitingOn(holdKey + 1);
      // The payment is there: it committed before the answer.
      const made = await one<{ id: number }>('select id from payments where owner_name = $1', [payment.owner_name]);
      expect(made.id).toBeGreaterThan(0);
      await server.kill();
      expect(await lost).toBeInstanceOf(Error);
      await owner.query('insert into crash_test_killed values (now())');
      await owner.query('select pg_advisory_unlock($1)', [holdKey + 1]);
      await connectionsGone();
      await owner.query('drop trigger crash_test_hold_answer on idempotency_keys');
      // Nothing of the answer was kept: only the payment and the key marked with it.
      expect(
        await one('select response_body, effect_resource, effect_record_id from idempotency_keys where key = $1', [
          key,
        ]),
      ).toEqual({ response_body: null, effect_resource: 'payment', effect_record_id: String(made.id) });

      server = await startServer({ env });
      try {
        admin = await signIn(server.baseUrl);
        const retried = await call(admin, 'POST', '/api/payments/', payment, key);
        expect(retried.status, JSON.stringify(retried.json)).toBe(201);
        expect(retried.headers.get('idempotent-replayed')).toBe('true');
        expect(retried.json).toMatchObject({ id: made.id, owner_name: payment.owner_name });
        // Once more: the answer is now kept, and the same.
        const again = await call(admin, 'POST', '/api/payments/', payment, key);
        expect(again.status).toBe(201);
        expect(again.json.id).toBe(made.id);
        expect(
          (
            await one<{ n: number }>('select count(*)::int as n from payments where owner_name = $1', [
              payment.owner_name,
            ])
          ).n,
        ).toBe(1);
      } finally {
        await server.stop();
      }
    },
  );
});
