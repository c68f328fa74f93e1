import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bankStatementMessages as m } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bundleServer } from '../../../build.mjs';
import { root, signIn, startServer } from '../../../../../scripts/lib/server-process.mjs';
import { createThrowawayDatabase } from '../../../../../scripts/lib/throwaway-database.mjs';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { testConfig } from '../../test/test-app';
import { closingOf, mt940, statementCsv, type DraftEntry } from './statement-files';

type Server = Awaited<ReturnType<typeof startServer>>;
interface Paid {
  id: number;
  receipt: string;
  day: string;
  voen: string;
  total: string;
}

/**
 * Bank statements with two real server processes on one PostgreSQL (issue 56): two people resolving one credit at
 * once, one through each process, get one 200 and one 409 and leave one audit row, round after round; and a process
 * killed with SIGKILL while it matches a statement's credits leaves nothing half kept, so the next upload (to the
 * other process) stores and matches it. The matching is held at its link by a transaction of the test's own that
 * has written the same payment's link and not committed: the database's own unique index makes it wait, no hook.
 */
describe('bank statements across two server processes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let handle: DatabaseHandle;
  let bundleDir: string;
  const config = testConfig();
  let env: Record<string, string>;
  let command: string[];
  const servers: Server[] = [];
  let token: string;
  let paid: Paid[] = [];
  let next = 0;
  const takePaid = () => paid[next++]!;
  let number = 0;

  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: R[] }).rows;
  const credit = (payment: Paid, reference = payment.receipt): DraftEntry => ({
    date: payment.day,
    direction: 'credit',
    amount: payment.total,
    reference,
    // Another reference leaves the credit open: without the payer's VÖEN, rule (b) of issue 57 cannot link it.
    payerCode: reference === payment.receipt ? payment.voen : '',
  });
  const file = (entries: DraftEntry[]) =>
    statementCsv({
      account: 'AZ21NABZ00000000137010001944',
      number: `P-${++number}`,
      from: '2020-01-01',
      to: '2030-12-31',
      opening: '0.00',
      closing: closingOf('0.00', entries),
      entries,
    });
  const upload = async (server: Server, content: string) => {
    const body = new FormData();
    body.append('file', new Blob([content]), 'statement.csv');
    const res = await fetch(`${server.baseUrl}/api/bank-statements/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body,
    });
    return {
      status: res.status,
      body: (await res.json()) as { statement?: { id: number; states: { matched: number } } },
    };
  };
  const resolve = async (server: Server, entryId: number, payload: object) => {
    const res = await fetch(`${server.baseUrl}/api/bank-statements/entries/${entryId}/resolve/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: res.status, body: (await res.json()) as { detail?: string; payment_id?: number } };
  };
  const entriesOf = (statementId: number) =>
    rows<{ id: number; match_state: string; payment_id: number | null; claimed_payment_id: number | null }>(
      sql`select id, match_state, payment_id, claimed_payment_id from bank_entries
        where statement_id = ${statementId} order by position`,
    );
  const auditRows = async (entryId: number) =>
    (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log where resource = 'bankstatement' and record_id = ${String(entryId)}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    database = await createThrowawayDatabase(
      process.env.DATABASE_URL!,
      'dnx_bank',
      inject('testDatabaseTemplates').seeded,
    );
    handle = await openDatabase({ url: database.url });
    await handle.db.execute(sql`delete from bank_entries`);
    await handle.db.execute(sql`delete from bank_statements`);
    paid = await rows<Paid>(sql`
      select id, payment_receipt_number as receipt, to_char(payment_receipt_date, 'YYYY-MM-DD') as day,
        owner_code as voen, total::text as total
      from payments where status = 3 and total > 0 order by id`);
    mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
    bundleDir = mkdtempSync(path.join(root, 'node_modules/.cache/dnx-bank-processes-'));
    await bundleServer(bundleDir, ['server.ts']);
    command = [process.execPath, '--enable-source-maps', path.join(bundleDir, 'server.js')];
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      DATA_DIR: config.dataDir,
      WEB_DIST: config.WEB_DIST!,
      JWT_SECRET: config.jwtSecret,
      MFA_ENCRYPTION_KEY: 'test-key-that-is-long-enough-for-aes-256-gcm',
      CAPTCHA_COST: String(config.CAPTCHA_COST),
      CAPTCHA_MAX_COUNTER: String(config.CAPTCHA_MAX_COUNTER),
    };
    servers.push(...(await Promise.all([startServer({ env, command }), startServer({ env, command })])));
    token = await signIn(servers[0]!.baseUrl);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(bundleDir, { recursive: true, force: true });
    await handle?.close();
    await database?.drop();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('links one credit once when two people link it at once, one per process', { timeout: 120_000 }, async () => {
    for (let round = 1; round <= 5; round += 1) {
      const [first, second, both] = [takePaid(), takePaid(), takePaid()];
      const uploaded = await upload(
        servers[0]!,
        file([credit(first, `race-${round}-a`), credit(both, `race-${round}-b`)]),
      );
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const [entry, confirmed] = await entriesOf(uploaded.body.statement!.id);

      // Two links of one credit to two payments: one wins, the other is told, nothing is overwritten.
      const links = await Promise.all([
        resolve(servers[0]!, entry!.id, { action: 'link', payment_id: first.id, reason: `A ${round}` }),
        resolve(servers[1]!, entry!.id, { action: 'link', payment_id: second.id, reason: `B ${round}` }),
      ]);
      expect(links.map((l) => l.status).sort(), JSON.stringify(links)).toEqual([200, 409]);
      const winner = links.find((l) => l.status === 200)!.body;
      const loser = links.find((l) => l.status === 409)!.body;
      expect([m.alreadyResolved, m.resolvedMeanwhile]).toContain(loser.detail);
      const [kept] = await entriesOf(uploaded.body.statement!.id);
      expect(kept!.claimed_payment_id).toBe(winner.payment_id);
      expect(await auditRows(entry!.id)).toBe(1);

      // Two confirmations of the same link: one 200, one 409, one resolution audited.
      const confirmations = await Promise.all(
        servers.map((server, i) =>
          resolve(server, confirmed!.id, { action: 'link', payment_id: both.id, reason: `C${i}` }),
        ),
      );
      expect(confirmations.map((c) => c.status).sort(), JSON.stringify(confirmations)).toEqual([200, 409]);
      expect(await auditRows(confirmed!.id)).toBe(1);
    }
  });

  it('keeps one of two statements of one number and two periods uploaded at once, one per process', async () => {
    for (let round = 1; round <= 3; round += 1) {
      const twin = `TWIN-${round}-${Date.now()}`;
      const statement = (from: string) =>
        statementCsv({
          account: 'AZ21NABZ00000000137010001944',
          number: twin,
          from,
          to: '2030-12-31',
          opening: '0.00',
          closing: '0.00',
          entries: [],
        });
      const answers = await Promise.all([
        upload(servers[0]!, statement('2020-01-01')),
        upload(servers[1]!, statement('2020-01-02')),
      ]);
      expect(answers.map((x) => x.status).sort(), JSON.stringify(answers)).toEqual([201, 409]);
      const kept = await rows<{ n: number }>(
        sql`select count(*)::int as n from bank_statements where number = ${twin}`,
      );
      expect(kept[0]!.n).toBe(1);
    }
  });

  it(
    'keeps nothing of a statement whose process is killed while it matches, and its next upload matches it',
    {
      timeout: 120_000,
    },
    async () => {
      const [held, ...others] = [takePaid(), takePaid(), takePaid(), takePaid()];
      const content = mt940({
        account: 'AZ21NABZ00000000137010001944',
        number: `KILL-${Date.now()}`,
        from: '2020-01-01',
        to: '2030-12-31',
        opening: '0.00',
        closing: closingOf(
          '0.00',
          [held!, ...others].map((p) => credit(p)),
        ),
        entries: [held!, ...others].map((p) => credit(p)),
      });
      // The test's own transaction links `held` to a credit of its own and does not commit: a match that links it
      // waits on the unique index until this transaction ends.
      let release!: () => void;
      const releasing = new Promise<void>((done) => (release = done));
      let linked!: () => void;
      const holding = new Promise<void>((done) => (linked = done));
      const blocker = handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`
          with s as (
            insert into bank_statements (content_hash, identity, format, file_name, account, number, currency,
              opening_balance, closing_balance, credits_total, debits_total, entry_count)
            values ('held', 'held', 'csv', 'held.csv', 'HELD', 'HELD', 'AZN', 0, ${held!.total}, ${held!.total}, 0, 1)
            returning id)
          insert into bank_entries (statement_id, position, booking_date, direction, amount, match_state, payment_id)
          select id, 1, ${held!.day}::date, 'credit', ${held!.total}, 'matched', ${held!.id} from s`);
          linked();
          await releasing;
          tx.rollback();
        })
        .catch(() => undefined);
      await holding;

      const killed = servers[0]!;
      const answer = upload(killed, content).catch((err: unknown) => err);
      const waiting = async () =>
        (
          (await handle.asOwner((owner) =>
            owner.execute(sql`
            select pid from pg_stat_activity
            where datname = current_database() and state = 'active' and wait_event_type = 'Lock'
              and query ilike '%update bank_entries%'`),
          )) as unknown as { rows: { pid: number }[] }
        ).rows.map((row) => row.pid);
      await expect.poll(async () => (await waiting()).length, { timeout: 30_000, interval: 20 }).toBe(1);
      const [matcher] = await waiting();
      await killed.kill();
      expect(await answer).toBeInstanceOf(Error);
      release();
      await blocker;
      // The killed process's connection ends once its wait is over: its transaction with it.
      await expect
        .poll(
          async () =>
            (
              (await handle.asOwner((owner) =>
                owner.execute(sql`select count(*)::int as n from pg_stat_activity where pid = ${matcher!}`),
              )) as unknown as { rows: { n: number }[] }
            ).rows[0]!.n,
          { timeout: 30_000 },
        )
        .toBe(0);
      const kept = await rows<{ n: number }>(
        sql`select count(*)::int as n from bank_statements where account = 'AZ21NABZ00000000137010001944'
        and number like 'KILL-%'`,
      );
      expect(kept[0]!.n).toBe(0);

      const again = await upload(servers[1]!, content);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      const statement = again.body.statement!;
      expect(statement.states.matched).toBe(4);
      expect((await entriesOf(statement.id)).map((e) => e.payment_id)).toEqual([held!, ...others].map((p) => p.id));
    },
  );
});
