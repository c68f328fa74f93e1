// Writes of the drill's own, straight through HAProxy's primary port (no app in between): a row a turn, each
// acknowledged one recorded, so a drill tells when the database took writes again apart from when the apps did.
import pg from 'pg';
import { queryRows } from './throwaway-database.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the probe on database `url` (it makes its table); `stop()` ends it. `acks`: {n, at} of each commit seen. */
export async function startWriteProbe(url, intervalMs = 100) {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query('create table if not exists drill_writes (n bigint primary key, at timestamptz default now())');
  await setup.end();
  const acks = [];
  const failures = [];
  let stopped = false;
  let client = null;
  let n = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        if (!client) {
          client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
          client.on('error', () => {});
          await client.connect();
        }
        n += 1;
        // A commit may wait for its synchronous standby: the probe waits too, up to 30 s, and never cancels it.
        const { rows } = await Promise.race([
          client.query('insert into drill_writes (n) values ($1) returning inet_server_port() as port', [n]),
          sleep(30_000).then(() => Promise.reject(new Error('no answer in 30 s'))),
        ]);
        // The node's port: which server took it.
        acks.push({ n, at: Date.now(), port: rows[0].port });
      } catch (err) {
        failures.push({ at: Date.now(), error: String(err?.code ?? err?.message ?? err) });
        client?.end().catch(() => {});
        client = null;
      }
      await sleep(intervalMs);
    }
    await client?.end().catch(() => {});
  })();
  return {
    acks,
    failures,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/** The probe's acknowledged rows that the database lacks, and on which node each is found (if any). */
export async function probeLost(probe, cluster) {
  const acks = [...probe.acks];
  const rows = await queryRows(
    cluster.url('drill_probe'),
    'select n, inet_server_port() as port, pg_is_in_recovery() as recovery from drill_writes where n = any($1) union all select null, inet_server_port(), pg_is_in_recovery()',
    [acks.map((a) => a.n)],
  );
  const checkedOn = rows.pop();
  const found = new Set(rows.map((row) => Number(row.n)));
  const lost = acks.filter((a) => !found.has(a.n));
  for (const row of lost) {
    row.checkedOn = checkedOn;
    row.on = [];
    for (const node of cluster.nodes) {
      const url = `postgres://postgres:${cluster.passwords.superuser}@127.0.0.1:${node.pgPort}/drill_probe`;
      const there = await queryRows(url, 'select n from drill_writes where n = $1', [row.n]).catch((e) =>
        String(e.message),
      );
      row.on.push(`${node.name}:${Array.isArray(there) ? there.length : there}`);
    }
  }
  return lost;
}
