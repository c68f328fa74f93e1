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

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates `<prefix>_<pid>_<random>` on the server of `serverUrl`, empty or as a copy of `template` (a database
 * nobody is connected to: the tests' migrated one); `drop` removes it, closing what still uses it.
 */
export async function createThrowawayDatabase(serverUrl, prefix, template) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await run(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => run(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** The rows of one statement on the database of `url`, over a connection of its own. */
export async function queryRows(url, text, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}
