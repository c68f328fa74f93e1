import { retryAfterSeconds } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { createOutageLog } from './outage-log';

interface LogLine {
  level: number;
  msg: string;
  check?: string;
  outageMs?: number;
}

/** A log stream that keeps its lines, read back as objects. */
function logLines() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    read: (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine),
  };
}

/**
 * Liveness and readiness (issue 26): `/api/health/live/` answers while the process runs, without the database;
 * `/api/health/ready/` answers 200 only while the database, the migrations, the replica (when set) and the job worker
 * hold, else 503 with Retry-After and the check that failed; `/api/health/` is as it was.
 */
describe('liveness and readiness', () => {
  it('is ready on a current database; unready (not dead) when the database is down', async () => {
    const t = await createTestApp();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: expect.objectContaining({ database: 'ok', migrations: 'ok' }),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).json()).toEqual({ status: 'ok', db: 'ok' });

    await t.database.close();
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live/' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const unready = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(unready.statusCode).toBe(503);
    expect(unready.headers['retry-after']).toBe(String(retryAfterSeconds));
    expect(unready.json().status).toBe('error');
    expect(unready.json().checks.database).not.toBe('ok');
    await t.app.close();
  });

  it('is unready on a database behind the release, and ready again once it is migrated', async () => {
    const t = await createTestApp();
    const newest = await t.database.asOwner(async (db) => {
      const rows = await db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
      );
      return (rows as unknown as { rows: { hash: string; created_at: string }[] }).rows[0]!;
    });
    const behind = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json().checks).toMatchObject({ database: 'ok', migrations: expect.stringContaining('db:migrate') });
    await t.database.asOwner((db) =>
      db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest.hash}, ${newest.created_at})`,
      ),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready/' })).statusCode).toBe(200);
    await t.close();
  });

  it('is unready while the reports replica does not answer; the process stays live', async () => {
    const t = await createTestApp({ env: { REPORTS_DATABASE_URL: 'postgres://reports@127.0.0.1:9/none' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toMatchObject({ database: 'ok', migrations: 'ok', replica: expect.any(String) });
    expect(res.json().checks.replica).not.toBe('ok');
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live/' })).statusCode).toBe(200);
    await t.close();
  });

  it('logs a database outage once as a warning, however often it is probed, and answers 503 with Retry-After', async () => {
    const log = logLines();
    const t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: log.stream });
    await t.database.close();
    for (let probe = 0; probe < 6; probe += 1) {
      const res = await t.app.inject({ method: 'GET', url: probe % 3 === 2 ? '/api/health/ready/' : '/api/health/' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
    }
    const lines = log.read();
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const outage = lines.filter((line) => line.check === 'database');
    expect(outage).toHaveLength(1);
    expect(outage[0]).toMatchObject({ level: 40, msg: expect.stringContaining('outage begins') });
    await t.app.close();
  });
});

describe('the outage log', () => {
  it('says when a check starts failing (warn) and when it holds again (info), once each', () => {
    const log = logLines();
    let clock = 1_000;
    const outages = createOutageLog(pino({ level: 'info' }, log.stream), () => clock);
    outages.holds('database');
    outages.fails('database', new Error('connect ECONNREFUSED'));
    clock += 4_000;
    outages.fails('database', new Error('connect ECONNREFUSED'));
    outages.fails('replica', new Error('timeout'));
    clock += 6_000;
    outages.holds('database');
    outages.holds('database');
    expect(log.read().map(({ level, check, outageMs }) => ({ level, check, outageMs }))).toEqual([
      { level: 40, check: 'database', outageMs: undefined },
      { level: 40, check: 'replica', outageMs: undefined },
      { level: 30, check: 'database', outageMs: 10_000 },
    ]);
    expect(log.read()[0]).toMatchObject({ reason: 'connect ECONNREFUSED' });
  });
});
