// A new, empty database on a PostgreSQL server, for one test file, one end-to-end run or one benchmark.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function run(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<pid>_<random>` on the server of `serverUrl`; `drop` removes it, closing what still uses it. */
export async function createThrowawayDatabase(serverUrl, prefix) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await run(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
