import { maxPageSize } from '@dnx/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../test/auth-helpers';
import {
  branchesOf,
  operationsOf,
  readDocument,
  urlOf,
  validValue,
  type JsonSchema,
  type Operation,
  type ValueContext,
} from '../test/openapi-walk';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Every operation of the OpenAPI document, sent bad input a client could send: malformed framing, wrong types,
 * numbers past int4, days that do not exist, NUL and control characters, lone surrogates, huge and deep values,
 * odd query values and path ids. No answer may be a 5xx or carry a framework error code; no record may be lost.
 * The operations come from the document, so endpoints added later are walked without editing this test.
 */

const badText: unknown[] = [
  'a\u0000b',
  '\u0000',
  'g\ud800',
  '\udc00x',
  '\u001b[31mqırmızı\u0007',
  'a\u0085b',
  'tab\there',
  'line\nbreak',
  '\u202eərəb',
  '\ufeff',
  '',
  '   ',
  'x'.repeat(20_000),
  1,
  true,
  null,
  [],
  {},
  { $ne: 1 },
];

const badNumbers: unknown[] = [
  0,
  -1,
  1.5,
  2_147_483_648,
  9_007_199_254_740_991,
  1e308,
  '5',
  ' 5 ',
  '0x2c',
  '45.0',
  [[[[5]]]],
  null,
  true,
  'a\u0000',
  {},
];

const badDates: unknown[] = [
  '2021-02-29',
  '2021-04-31',
  '0000-01-01',
  '99999-01-01',
  '2021-1-1',
  20210101,
  '2021-02-29T00:00:00Z',
];

const badArrays: unknown[] = [
  [[[[5]]]],
  ['5'],
  [' 5 '],
  ['0x2c'],
  ['45.0'],
  [2_147_483_648],
  [9_007_199_254_740_991],
  [-1],
  ['a\u0000b'],
  Array.from({ length: 5_000 }, (_, i) => i + 1),
  'x',
  {},
];

const badQueryValues = [
  '%00',
  'a%00b',
  '%FF',
  '%C0%80',
  '%ED%A0%80',
  '%1B%5B31m',
  '2147483648',
  '9007199254740991',
  '-1',
  '0',
  '0x10',
  '00001',
  '1e3',
  '%205',
  '5.0',
  '2021-02-29',
  '0000-01-01',
  'x'.repeat(5_000),
];

const badPathIds = [
  '00001',
  '0x10',
  '-1',
  '1.0',
  '+1',
  '2147483648',
  '99999999999999999999',
  '%00',
  '%FF',
  'abc',
  '1e3',
  '%201',
];

// Random text from the whole Unicode range (surrogate halves included), reproducible by its seed.
const randomText = fc.sample(fc.string({ unit: 'binary', maxLength: 12 }), { numRuns: 12, seed: 9 });

/** Bad values for one field, chosen by what its schema says it is. */
function badValuesFor(schema: JsonSchema): unknown[] {
  const branches = branchesOf(schema);
  const types = new Set(branches.flatMap((b) => (Array.isArray(b.type) ? b.type : [b.type ?? 'string'])));
  const values: unknown[] = [...badText, ...randomText];
  if (types.has('integer') || types.has('number') || schema['x-reference']) values.push(...badNumbers);
  if (branches.some((b) => b.format === 'date')) values.push(...badDates);
  if (types.has('array')) values.push(...badArrays);
  return values;
}

const framingBodies: { payload: string; contentType: string }[] = [
  { payload: '{bad', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: '{"__proto__": {"admin": true}}', contentType: 'application/json' },
  { payload: '{"constructor": {"prototype": {"admin": true}}}', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '1', contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'text/plain' },
  { payload: '\u0000', contentType: 'application/json' },
  { payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: 'application/json' },
  { payload: `{"x": "${'y'.repeat(2_000_000)}"}`, contentType: 'application/json' },
];

let t: TestApp;
let operations: Operation[];
let context: ValueContext;
const seeded: Record<string, number[]> = {};

/** Ids every list of the seed holds at the start: none may be gone at the end. */
async function idsOf(url: string, headers: Record<string, string>): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: `${url}?no_page=1`, headers });
  if (res.statusCode === 200) return (res.json() as { results: { id: number }[] }).results.map((r) => r.id);
  // More rows than "Hamısı" answers (the demo's year of forms): page after page, by the pages' own `next` links.
  expect(Object.keys(res.json() as object), url).toEqual(['no_page']);
  const ids: number[] = [];
  let next: string | null = `${url}?per_page=${maxPageSize}`;
  while (next) {
    const page = (await t.app.inject({ method: 'GET', url: next, headers })).json() as {
      results: { id: number }[];
      next: string | null;
    };
    ids.push(...page.results.map((r) => r.id));
    next =
      page.next === null
        ? null
        : new URL(page.next, 'http://localhost').pathname + new URL(page.next, 'http://localhost').search;
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  operations = operationsOf(await readDocument(t.app));
  const admin = await signInAs(t, 'admin@demo.az');
  const references: Record<string, number> = {};
  for (const op of operations) {
    if (op.method !== 'GET' || op.path.includes('{') || op.path.endsWith('/available/')) continue;
    if (!op.parameters.some((p) => p.name === 'no_page')) continue;
    const ids = await idsOf(op.path, admin.headers);
    seeded[op.path] = ids;
    const key = op.path.replace(/^\/api\/(user\/)?/, '').replace(/\/$/, '');
    if (ids[0] !== undefined) references[key] = ids[0];
  }
  let n = 0;
  context = {
    unique: () => `${(n += 1)}`,
    reference: (key) => references[key] ?? 1,
  };
});

afterAll(async () => {
  await t?.close();
});

interface Sent {
  operation: Operation;
  what: string;
  status: number;
  body: string;
}

// A fresh administrator's session for each operation: a logout that a bad body happens to be valid for ends
// only its own session, not the walk.
let session: { operation: Operation; headers: Record<string, string> } | null = null;
async function headersFor(operation: Operation) {
  if (session?.operation !== operation) session = { operation, headers: (await signInAs(t, 'admin@demo.az')).headers };
  return session.headers;
}

/** Sends one request as the administrator; a 5xx or a framework error code is a failure. */
async function send(
  operation: Operation,
  what: string,
  request: { url: string; payload?: string; contentType?: string },
  failures: Sent[],
) {
  const headers = await headersFor(operation);
  const res = await t.app.inject({
    method: operation.method,
    url: request.url,
    headers: {
      ...headers,
      ...(request.payload !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {}),
    },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  if (res.statusCode >= 500 || /FST_[A-Z_]+/.test(res.body)) {
    failures.push({ operation, what, status: res.statusCode, body: res.body.slice(0, 300) });
  }
}

const report = (failures: Sent[]) =>
  failures.map((f) => `${f.operation.method} ${f.operation.path} ${f.what}: ${f.status} ${f.body}`);

describe('no input makes a 5xx', () => {
  it('walks every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(90);
  });

  it('bad values in every body field', { timeout: 600_000 }, async () => {
    const failures: Sent[] = [];
    for (const operation of operations.filter((op) => op.body?.properties)) {
      const url = urlOf(operation, { id: String(context.reference('')) });
      const base = validValue(operation.body!, '', context) as Record<string, unknown>;
      for (const [field, schema] of Object.entries(operation.body!.properties!)) {
        for (const value of badValuesFor(schema)) {
          await send(
            operation,
            `${field}=${JSON.stringify(value)?.slice(0, 40)}`,
            {
              url,
              payload: JSON.stringify({ ...base, [field]: value }),
            },
            failures,
          );
        }
      }
    }
    expect(report(failures)).toEqual([]);
  });

  it('malformed framing on every operation that takes a body', { timeout: 300_000 }, async () => {
    const failures: Sent[] = [];
    for (const operation of operations.filter((op) => op.method !== 'GET' && op.method !== 'DELETE')) {
      const url = urlOf(operation, { id: '1' });
      for (const body of framingBodies) {
        await send(operation, `body ${body.payload.slice(0, 30)} as ${body.contentType}`, { url, ...body }, failures);
      }
    }
    expect(report(failures)).toEqual([]);
  });

  it('odd query values for every query parameter, and unknown ones', { timeout: 300_000 }, async () => {
    const failures: Sent[] = [];
    for (const operation of operations) {
      const url = urlOf(operation, { id: '1' });
      const names = [...operation.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'unknown%00'];
      for (const name of names) {
        for (const value of badQueryValues) {
          await send(operation, `?${name}=${value.slice(0, 30)}`, { url: `${url}?${name}=${value}` }, failures);
        }
        await send(operation, `?${name} twice`, { url: `${url}?${name}=1&${name}=2` }, failures);
        await send(operation, `?${name}[a]`, { url: `${url}?${name}[a]=1` }, failures);
      }
    }
    expect(report(failures)).toEqual([]);
  });

  it('odd path ids answer 404 on every operation with one', { timeout: 300_000 }, async () => {
    const failures: Sent[] = [];
    const wrongStatus: string[] = [];
    for (const operation of operations.filter((op) => op.path.includes('{id}'))) {
      for (const id of badPathIds) {
        const headers = await headersFor(operation);
        const body = operation.body ? validValue(operation.body, '', context) : undefined;
        const res = await t.app.inject({
          method: operation.method,
          url: urlOf(operation, { id }),
          headers,
          ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
        });
        if (res.statusCode >= 500 || /FST_[A-Z_]+/.test(res.body))
          failures.push({ operation, what: `id ${id}`, status: res.statusCode, body: res.body });
        if (res.statusCode !== 404)
          wrongStatus.push(`${operation.method} ${operation.path} id ${id}: ${res.statusCode}`);
      }
    }
    expect(report(failures)).toEqual([]);
    expect(wrongStatus).toEqual([]);
  });

  it('lost no record the seed made', async () => {
    const admin = await signInAs(t, 'admin@demo.az');
    for (const [path, ids] of Object.entries(seeded)) {
      const now = new Set(await idsOf(path, admin.headers));
      expect(
        ids.filter((id) => !now.has(id)),
        path,
      ).toEqual([]);
    }
  });
});
