// The users list against its peer (issue 31), on a real PostgreSQL against the production build: the first page of
// GET /api/user/users/ (default order, 10 a page: spec "User list default page 1, page size 10") at 1,000 and at
// 100,000 users, autocannon at 20 connections for 10 s, against a raw replay of the SQL a Django REST Framework
// implementation of the same API issues for that page, run with node-postgres on the same database (a pool of 20,
// each request the four statements in sequence on one connection, 10 s). PASS when our requests a second are above
// the replay's. The replay is the peer's database work alone, with no HTTP, JSON or authentication around it, so
// it is a bound the peer itself stays under.
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { productionEnv, sample, withDemoDatabase, withPostgres } from './bench-lists.mjs';
import { firstNames, lastNames, parentNames, sqlArray } from './lib/az-names.mjs';
import { signIn, startServer } from './lib/server-process.mjs';

const perPage = 10;

/**
 * Users numbered `from` to `to` by one INSERT ... SELECT generate_series, over the regions, each in one or two of
 * the demo's groups, every fourth with two direct permissions; `VACUUM ANALYZE` after. The count of users.
 */
export async function seedUsers(query, from, to) {
  const before = (await query('select coalesce(max(id), 0)::int as id from users')).rows[0].id;
  await query(`
    insert into users (email, password_hash, first_name, last_name, parent_name, phone, date_of_birth, region_id,
                       is_active)
    select 'istifadeci' || i || '@bench.az', 'x',
           (${sqlArray(firstNames)})[1 + (i * 13) % ${firstNames.length}],
           (${sqlArray(lastNames)})[1 + (i * 7) % ${lastNames.length}],
           (${sqlArray(parentNames)})[1 + (i * 5) % ${parentNames.length}],
           '+99450' || lpad((i % 10000000)::text, 7, '0'),
           date '1960-01-01' + (i * 37) % 15000,
           r.ids[1 + i % cardinality(r.ids)],
           i % 20 <> 0
    from generate_series(${from}, ${to}) i
    cross join (select array_agg(id order by id) as ids from regions) r`);
  const bench = `u.id > ${before}`;
  await query(`
    insert into user_groups (user_id, group_id)
    select u.id, g.ids[1 + u.id % cardinality(g.ids)] from users u
    cross join (select array_agg(id order by id) as ids from groups) g where ${bench}
    union
    select u.id, g.ids[1 + (u.id / 3) % cardinality(g.ids)] from users u
    cross join (select array_agg(id order by id) as ids from groups) g where ${bench} and u.id % 3 = 0`);
  await query(`
    insert into user_permissions (user_id, permission_id)
    select u.id, p.ids[1 + (u.id * k) % cardinality(p.ids)] from users u
    cross join (select array_agg(id order by id) as ids from permissions) p
    cross join (values (1), (7)) as step(k) where ${bench} and u.id % 4 = 0
    on conflict do nothing`);
  await query('vacuum analyze users, user_groups, user_permissions');
  return (await query('select count(*)::int as n from users')).rows[0].n;
}

/**
 * The peer's SQL for page 1 of its users list: a `ModelViewSet` with `PageNumberPagination` (page size 10), its
 * queryset `User.objects.select_related('region').prefetch_related('groups', 'user_permissions').order_by('id')`
 * and a serializer with `groups` and `user_permissions` (PrimaryKeyRelatedField, many) and the region's name.
 * Django interpolates the values into the text (psycopg2), so the replay sends plain text too.
 */
export const peerStatements = {
  count: 'SELECT COUNT(*) AS "__count" FROM "users"',
  page: (limit) =>
    'SELECT "users"."id", "users"."password_hash", "users"."last_login", "users"."email", "users"."first_name", ' +
    '"users"."last_name", "users"."parent_name", "users"."phone", "users"."date_of_birth", "users"."region_id", ' +
    '"users"."is_active", "users"."created_at", "users"."version", "regions"."id", "regions"."name", ' +
    '"regions"."coefficient", "regions"."status", "regions"."version" ' +
    'FROM "users" LEFT OUTER JOIN "regions" ON ("users"."region_id" = "regions"."id") ' +
    `ORDER BY "users"."id" ASC LIMIT ${limit}`,
  groups: (ids) =>
    'SELECT ("user_groups"."user_id") AS "_prefetch_related_val_user_id", "groups"."id", "groups"."name" ' +
    'FROM "groups" INNER JOIN "user_groups" ON ("groups"."id" = "user_groups"."group_id") ' +
    `WHERE "user_groups"."user_id" IN (${ids.join(', ')})`,
  permissions: (ids) =>
    'SELECT ("user_permissions"."user_id") AS "_prefetch_related_val_user_id", "permissions"."id", ' +
    '"permissions"."code", "permissions"."resource", "permissions"."name" ' +
    'FROM "permissions" INNER JOIN "user_permissions" ON ("permissions"."id" = "user_permissions"."permission_id") ' +
    `WHERE "user_permissions"."user_id" IN (${ids.join(', ')})`,
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * The replay: `connections` loops on a pool of as many connections, each request the peer's four statements in
 * sequence on one client, for `seconds`; requests a second and latency percentiles (ms).
 */
async function replayFor(pool, connections, seconds) {
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  const request = async () => {
    const client = await pool.connect();
    try {
      await client.query(peerStatements.count);
      const page = await client.query(peerStatements.page(perPage));
      const ids = page.rows.map((row) => row.id);
      await client.query(peerStatements.groups(ids));
      await client.query(peerStatements.permissions(ids));
    } finally {
      client.release();
    }
  };
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await request();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

export async function replayPeer(url, { durationSeconds, connections }) {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  try {
    await replayFor(pool, connections, 1);
    return await replayFor(pool, connections, durationSeconds);
  } finally {
    await pool.end();
  }
}

/** Runs the users list against the replay at 1,000 and 100,000 users; true when ours is ahead at both. */
export async function benchUsers({ durationSeconds = 10, connections = 20, sizes = [1_000, 100_000] } = {}) {
  return withDemoDatabase('users', async ({ database, env }) => {
    let server = null;
    let ok = true;
    try {
      server = await startServer({ env: { ...env, ...productionEnv() } });
      const headers = { authorization: `Bearer ${await signIn(server.baseUrl)}` };
      const run = { durationSeconds, connections };
      let next = 1;
      for (const size of sizes) {
        const started = performance.now();
        const total = await withPostgres(database.url, async (query) => {
          const existing = (await query('select count(*)::int as n from users')).rows[0].n;
          const added = size - existing;
          if (added <= 0) return existing;
          next += added;
          return seedUsers(query, next - added, next - 1);
        });
        console.log(
          `info  ${total.toLocaleString('en')} users in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
        const ours = await sample(server.baseUrl, headers, '/api/user/users/', run);
        const peer = await replayPeer(database.url, run);
        const rps = ours.result.requests.average;
        const pass = ours.failed === 0 && ours.count === total && rps > peer.rps;
        ok = pass && ok;
        console.log(
          `${pass ? 'PASS' : 'FAIL'}  users page 1 at ${total.toLocaleString('en')} users: ${rps.toFixed(0)} req/s ` +
            `(p50 ${ours.result.latency.p50} ms, p99 ${ours.result.latency.p99} ms) against the replay of the ` +
            `peer's SQL ${peer.rps.toFixed(0)} req/s (p50 ${peer.p50.toFixed(1)} ms, p99 ${peer.p99.toFixed(1)} ms): ` +
            `ratio ${(rps / peer.rps).toFixed(2)} (budget above 1)` +
            (ours.failed ? `, ${ours.failed} failed requests` : '') +
            (ours.count === total ? '' : `, count ${ours.count} instead of ${total}`),
        );
      }
    } finally {
      await server?.stop();
    }
    return ok;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await benchUsers();
  if (!ok) process.exitCode = 1;
}
