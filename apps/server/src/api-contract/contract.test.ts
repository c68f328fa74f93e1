import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoPassword } from '../demo/data';
import {
  batchValidityMonths,
  findResource,
  type ExpireDateType,
  type ResourceKey,
  type WebauthnCreationOptions,
  type WebauthnRequestOptions,
} from '@dnx/shared';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  bankEntries,
  bankMatchRules,
  mailOutbox,
  onlineCarrierRequests,
  onlinePaymentRequests,
  users,
} from '../db/schema';
import { addResetToken } from '../features/auth/repository';
import { createSession } from '../features/auth/session-repository';
import { createChallenge } from '../features/auth/factor-repository';
import { SoftwareAuthenticator } from '../test/passkey-authenticator';
import { challengeToken, sha256 } from '../features/auth/factor-secrets';
import { root } from '../../../../scripts/lib/server-process.mjs';
import { markSteppedUp } from '../features/auth/factor-repository';
import { signInAs } from '../test/auth-helpers';
import { multipart, smallPdf } from '../test/multipart';
import {
  operationsOf,
  readDocument,
  urlOf,
  validValue,
  type JsonSchema,
  type Operation,
  type ValueContext,
} from '../test/openapi-walk';
import { createTestApp, solveCaptcha, type TestApp } from '../test/test-app';

/**
 * The document is the contract an outside client is generated from: every operation has a readable
 * operationId and declares its security, `redocly lint` finds nothing, a body built from each request schema is
 * accepted, and a body that breaks the schema is a 400 naming the field.
 */

let t: TestApp;
let doc: Awaited<ReturnType<typeof readDocument>>;
let operations: Operation[];
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  doc = await readDocument(t.app);
  operations = operationsOf(doc);
  adminId = (await signInAs(t, 'admin@demo.az')).userId;
});

afterAll(async () => {
  await t?.close();
});

/** A fresh session of the demo administrator, found by id: an operation may change the account's e-mail. */
async function adminHeaders(): Promise<Record<string, string>> {
  const sessionId = await createSession(t.database.db, adminId);
  // Confirmed as a step-up would (acting on another account asks for it: issue 40).
  await markSteppedUp(t.database.db, sessionId);
  const { token } = await t.app.tokens.sign('access', adminId, { sid: sessionId });
  return { authorization: `Bearer ${token}` };
}

async function get(url: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url, headers: await adminHeaders() });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Where the ids of an `x-reference` come from, and the newest of them (never the demo administrator). */
async function referenceId(key: string, body: Record<string, unknown>): Promise<number> {
  // The fn records (batches, forms) and payments: the newest one.
  if (key.startsWith('fn/') || key === 'payments' || key === 'bus-routes') {
    const page = (await get(`/api/${key}/?order_by=-id&per_page=1`)) as { results: { id: number }[] };
    return page.results[0]!.id;
  }
  if (key === 'users' || key === 'groups') {
    const page = (await get(`/api/user/${key}/?order_by=-id&per_page=10`)) as { results: { id: number }[] };
    return page.results.find((r) => r.id !== adminId)!.id;
  }
  // A saved view of the administrator's (made by createSavedView before it is changed).
  if (key === 'views') {
    const { results } = (await get('/api/views/')) as { results: { id: number; mine: boolean }[] };
    return results.filter((v) => v.mine).at(-1)!.id;
  }
  // A credit no payment claims, of a statement imported for it (issue 48).
  if (key === 'bank-statements') return openBankCredit();
  // A rule of the demo's account (issue 57).
  if (key === 'bank-rules') {
    const [rule] = await t.database.db
      .insert(bankMatchRules)
      .values({ account: demoBankAccount, pattern: '(?<voen>\\d{10})', position: 900 })
      .returning({ id: bankMatchRules.id });
    return rule!.id;
  }
  if (key === 'bank-statement') {
    const [entry] = await t.database.db
      .select()
      .from(bankEntries)
      .where(eq(bankEntries.id, await openBankCredit()));
    return entry!.statementId;
  }
  // A mail given up: what a retry takes.
  if (key === 'mail-outbox') {
    const [row] = await t.database.db
      .insert(mailOutbox)
      .values({ kind: 'password_reset', to: 'x@example.az', subject: 'Sınaq', text: '', html: '', status: 'failed' })
      .returning({ id: mailOutbox.id });
    return row!.id;
  }
  // An online request: a new one each time, of the demo operator's region (approve, accept and reject decide it).
  if (key === 'online-carriers' || key === 'online-payments') return newOnlineRequest(key);
  // A model of the brand the body already names: the same narrowing as the form's picker.
  const narrowing = (findResource(key as ResourceKey)?.availableBy ?? [])
    .filter((name) => typeof body[name] === 'number')
    .map((name) => `${name}=${String(body[name])}`)
    .join('&');
  const items = (await get(`/api/${key}/available/${narrowing ? `?${narrowing}` : ''}`)) as { id: number }[];
  return items.at(-1)!.id;
}

/** The account of the demo's bank statements. */
const demoBankAccount = 'AZ21NABZ00000000137010001944';

/** A bank statement's credit left `no_payment`: a new statement (a file never seen) uploaded through the API. */
async function openBankCredit(): Promise<number> {
  const receipt = `NONE-${Date.now()}-${(counter += 1)}`;
  const file = [
    'type;date;amount;reference',
    'opening;2026-02-01;0.00;',
    `credit;2026-02-02;10.00;${receipt}`,
    'closing;2026-02-28;10.00;',
  ].join('\n');
  const sent = multipart({ file: { file: Buffer.from(file), name: 'statement.csv', type: 'text/csv' } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bank-statements/',
    headers: { ...(await adminHeaders()), ...sent.headers },
    payload: sent.payload,
  });
  if (res.statusCode !== 201) throw new Error(`importBankStatement: ${res.statusCode} ${res.body}`);
  const { statement } = res.json() as { statement: { id: number } };
  const { results } = (await get(`/api/bank-statements/${statement.id}/entries/`)) as { results: { id: number }[] };
  return results[0]!.id;
}

/** A new online request straight in the database: a registration, or a request for marks a free form fits. */
async function newOnlineRequest(key: 'online-carriers' | 'online-payments'): Promise<number> {
  const operator = await signInAs(t, 'operator@demo.az');
  const [user] = await t.database.db.select().from(users).where(eq(users.id, operator.userId));
  const region = user!.regionId!;
  const code = `CT${String((counter += 1)).padStart(2, '0')}-${String(Date.now() % 10_000).padStart(4, '0')}-TEST`;
  if (key === 'online-carriers') {
    const [row] = await t.database.db
      .insert(onlineCarrierRequests)
      .values({
        code,
        regionId: region,
        name: 'Sınaq MMC',
        voen: '7711000001',
        phone: '+994501234567',
        email: 'c@example.az',
      })
      .returning({ id: onlineCarrierRequests.id });
    return row!.id;
  }
  const free = (await get(`/api/fn/forms/for-payment/?region=${region}&per_page=1`)) as {
    results: { batch: number; months: number }[];
  };
  const batch = (await get(`/api/fn/batches/${free.results[0]!.batch}/`)) as { transport_type: number };
  const [row] = await t.database.db
    .insert(onlinePaymentRequests)
    .values({
      code,
      regionId: region,
      ownerCode: '7711000002',
      ownerName: 'Sınaq sahibi',
      ownerPhone: '+994501234567',
      ownerEmail: 'o@example.az',
      vehicles: [
        {
          plate: '10-CT-001',
          transport_type: batch.transport_type,
          seats_count: 10,
          load_carrying_capacity: '0',
          months: free.results[0]!.months as 1 | 3 | 6 | 12,
          driver_fin: '',
        },
      ],
    })
    .returning({ id: onlinePaymentRequests.id });
  return row!.id;
}

/** A public online request as the page sends it: multipart, a solved ALTCHA, a PDF; `fields` for the schema check. */
async function onlineSubmission(operationId: string) {
  const operator = await signInAs(t, 'operator@demo.az');
  const [user] = await t.database.db.select().from(users).where(eq(users.id, operator.userId));
  const region = String(user!.regionId!);
  const common = { consent: 'true', gtoken: await solveCaptcha(t.app) };
  const fields: Record<string, string> =
    operationId === 'submitOnlineCarrier'
      ? { name: 'Sınaq MMC', voen: '7711000003', phone: '+994501234567', email: 'c@example.az', region, ...common }
      : {
          owner_code: '7711000004',
          owner_name: 'Sınaq sahibi',
          owner_phone: '+994501234567',
          owner_email: 'o@example.az',
          owner_region: region,
          vehicles: JSON.stringify([{ plate: '10-CT-002', transport_type: 1, seats_count: 10, months: 3 }]),
          ...common,
        };
  const sent = multipart({ ...fields, registration_certificate: { file: smallPdf, name: 'sened.pdf' } });
  return {
    body: { ...fields, registration_certificate: '(a PDF file)' },
    headers: sent.headers,
    payload: sent.payload,
  };
}

let counter = 0;
/** A body the schema accepts, with real ids for its references (resolved in order, so a model follows its brand). */
async function validBody(schema: JsonSchema): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const context: ValueContext = { unique: () => `${Date.now() % 100_000}-${(counter += 1)}`, reference: () => 0 };
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const reference = property['x-reference'] ?? property.anyOf?.find((b) => b['x-reference'])?.['x-reference'];
    body[name] = reference ? await referenceId(reference, body) : validValue(property, name, context);
  }
  return body;
}

/**
 * A payment's header and rows as the payment form sends them: the generated values, with one free form of the
 * demo operator's region, priced as its batch was issued, and both insurance records (so it can be paid).
 */
async function paymentBody(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const operator = await signInAs(t, 'operator@demo.az');
  const [user] = await t.database.db.select().from(users).where(eq(users.id, operator.userId));
  const region = user!.regionId!;
  const free = (await get(`/api/fn/forms/for-payment/?region=${region}&per_page=1`)) as {
    results: { id: number; batch: number }[];
  };
  const form = free.results[0]!;
  const batch = (await get(`/api/fn/batches/${form.batch}/`)) as {
    transport_type: number;
    coefficient: number;
    expire_date: number;
    expire_date_type: ExpireDateType;
  };
  const { coefficient } = (await get(`/api/fn-coefficients/${batch.coefficient}/`)) as { coefficient: string };
  const [row] = body.rows as Record<string, unknown>[];
  const insurance = (name: string) => ({
    [`${name}_number`]: `${name.toUpperCase()}-${(counter += 1)}`,
    [`${name}_date`]: '2026-01-15',
    [`${name}_amount`]: '12.50',
  });
  return {
    ...body,
    region,
    ...insurance('mdssh'),
    ...insurance('itsda'),
    rows: [
      {
        ...row,
        form: form.id,
        inspector: null,
        transport_type: batch.transport_type,
        coefficient,
        expire_date: batchValidityMonths(batch.expire_date, batch.expire_date_type),
      },
    ],
  };
}

/** The code the app shows now for `secret`; the user's last accepted step is forgotten so it is new. */
async function codeNow(email: string, secret: string): Promise<string> {
  await t.database.db.execute(
    sql`update user_totp set last_step = null where user_id = (select id from users where email = ${email})`,
  );
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

/** The demo inspector with an authenticator app, enrolled once, and a session of its own. */
let inspectorApp: { secret: string; headers: Record<string, string> } | undefined;
async function inspectorWithApp() {
  if (inspectorApp) return inspectorApp;
  const { headers } = await signInAs(t, 'inspector@demo.az', { steppedUp: true });
  const started = await t.app.inject({ method: 'POST', url: '/api/user/mfa/totp/', headers, payload: {} });
  const { secret } = started.json() as { secret: string };
  const code = await codeNow('inspector@demo.az', secret);
  await t.app.inject({ method: 'POST', url: '/api/user/mfa/totp/confirm/', headers, payload: { code } });
  inspectorApp = { secret, headers };
  return inspectorApp;
}

/** The inspector's passkey too (a software authenticator), registered after a step-up. */
const inspectorKey = new SoftwareAuthenticator('http://localhost');
async function inspectorWithPasskey() {
  const app = await inspectorWithApp();
  if (inspectorKey.keys.length > 0) return app;
  await t.database.db.execute(
    sql`update sessions set stepped_up_at = now() where user_id = (select id from users where email = 'inspector@demo.az')`,
  );
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/user/mfa/webauthn/register/',
    headers: app.headers,
    payload: {},
  });
  const { options } = started.json() as { options: WebauthnCreationOptions };
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/user/mfa/webauthn/register/verify/',
    headers: app.headers,
    payload: { name: 'Açar', credential: inspectorKey.register(options) },
  });
  if (done.statusCode !== 200) throw new Error(`registerPasskey: ${done.statusCode} ${done.body}`);
  return app;
}

/** The mfa_token of the inspector's password step. */
async function inspectorChallenge(): Promise<string> {
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { email: 'inspector@demo.az', password: demoPassword, gtoken: await solveCaptcha(t.app) },
  });
  return (first.json() as { mfa_token: string }).mfa_token;
}

/** A sign-in of the demo cashier stopped at the enrolment its group would require: the token it holds. */
async function enrolChallenge(): Promise<string> {
  const token = challengeToken();
  const [cashier] = await t.database.db.select().from(users).where(eq(users.email, 'cashier@demo.az'));
  await createChallenge(t.database.db, {
    tokenHash: sha256(token),
    userId: cashier!.id,
    purpose: 'enrol',
    seconds: 300,
  });
  return token;
}

/** What an operation needs that no schema can give: a solved captcha, a real token, the current version. */
async function fixtures(operation: Operation, body: Record<string, unknown>, url: string) {
  const headers = operation.isPublic ? {} : await adminHeaders();
  switch (operation.operationId) {
    case 'submitOnlineCarrier':
    case 'submitOnlinePayment':
      return onlineSubmission(operation.operationId);
    case 'obtainToken':
      return { body: { email: 'central@demo.az', password: demoPassword, gtoken: await solveCaptcha(t.app) }, headers };
    case 'verifyToken':
    case 'refreshToken':
    case 'logout': {
      // A real pair from a real sign-in: refresh tokens are known to their session.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'central@demo.az', password: demoPassword, gtoken: await solveCaptcha(t.app) },
      });
      const { refresh } = res.json() as { refresh: string };
      return { body: operation.operationId === 'verifyToken' ? { token: refresh } : { refresh }, headers };
    }
    case 'resetPassword': {
      // Another account than the administrator's, whose own password the profile operation changes.
      const regional = (await signInAs(t, 'regional@demo.az')).userId;
      const reset = await t.app.tokens.sign('reset', regional);
      await addResetToken(t.database.db, { jti: reset.jti, userId: regional, expiresAt: reset.expiresAt });
      return { body: { ...body, token: reset.token }, headers: { authorization: `Bearer ${reset.token}` } };
    }
    case 'signInSecondStep': {
      const { secret } = await inspectorWithApp();
      const mfaToken = await inspectorChallenge();
      return { body: { mfa_token: mfaToken, code: await codeNow('inspector@demo.az', secret) }, headers };
    }
    case 'signInPasskeyOptions':
      await inspectorWithPasskey();
      return { body: { mfa_token: await inspectorChallenge() }, headers };
    case 'signInWithPasskey': {
      await inspectorWithPasskey();
      const started = await t.app.inject({ method: 'POST', url: '/api/token/passkey/', payload: {} });
      const { options } = started.json() as { options: WebauthnRequestOptions };
      return { body: { webauthn: inspectorKey.assert(options) }, headers };
    }
    case 'stepUpPasskeyOptions':
      return { body, headers: (await inspectorWithPasskey()).headers };
    case 'passkeyRegistrationOptions':
    case 'registerPasskey': {
      // The demo regional head adds a first passkey, once the password confirmed the session (issue 40).
      const regional = await signInAs(t, 'regional@demo.az', { steppedUp: true });
      if (operation.operationId === 'passkeyRegistrationOptions') return { body, headers: regional.headers };
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/user/mfa/webauthn/register/',
        headers: regional.headers,
        payload: {},
      });
      const { options } = started.json() as { options: WebauthnCreationOptions };
      const key = new SoftwareAuthenticator('http://localhost');
      return { body: { name: 'Noutbuk', credential: key.register(options) }, headers: regional.headers };
    }
    case 'startRequiredTotp':
      return { body: { mfa_token: await enrolChallenge() }, headers };
    case 'confirmRequiredTotp': {
      const token = await enrolChallenge();
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/token/mfa/enrol/',
        payload: { mfa_token: token },
      });
      const { secret } = started.json() as { secret: string };
      return { body: { mfa_token: token, code: await codeNow('cashier@demo.az', secret) }, headers };
    }
    case 'startTotp':
    case 'confirmTotp': {
      // The demo operator enrols from the profile (the administrator keeps signing in with the password alone).
      const operator = await signInAs(t, 'operator@demo.az', { steppedUp: true });
      if (operation.operationId === 'startTotp') return { body, headers: operator.headers };
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/user/mfa/totp/',
        headers: operator.headers,
        payload: {},
      });
      const { secret } = started.json() as { secret: string };
      return { body: { code: await codeNow('operator@demo.az', secret) }, headers: operator.headers };
    }
    case 'stepUp': {
      const app = await inspectorWithApp();
      return { body: { code: await codeNow('inspector@demo.az', app.secret) }, headers: app.headers };
    }
    case 'changeOwnPassword':
      return { body: { ...body, oldPassword: demoPassword }, headers };
    case 'updateListPreferences':
      // `{list}` is a screen's route key, not an id; no view is made yet to be the default.
      return { body: { ...body, default_view: null }, headers, url: '/api/user/preferences/lists/fn-payment/' };
    case 'createFnBatch':
    case 'updateFnBatch': {
      // A batch is issued to an operator of its region, in a range no other batch holds.
      const operator = await signInAs(t, 'operator@demo.az');
      const [user] = await t.database.db.select().from(users).where(eq(users.id, operator.userId));
      Object.assign(body, { operator: user!.id, region: user!.regionId, series: 'QC', fnBase: null });
      if ('version' in body) body.version = ((await get(url)) as { version: number }).version;
      return { body, headers };
    }
    case 'shareFnForms':
    case 'unshareFnForms': {
      // A demo form the demo operator accepted, shared to the demo inspector of its region and taken back.
      const inspector = await signInAs(t, 'inspector@demo.az');
      return {
        body: { inspector: inspector.userId, series: 'GA', number_from: '000004', number_to: '000004' },
        headers,
      };
    }
    case 'createPayment':
    case 'updatePayment': {
      const payment = await paymentBody(body);
      if ('version' in body) payment.version = ((await get(url)) as { version: number }).version;
      return { body: payment, headers };
    }
    case 'createBankRule':
    case 'updateBankRule':
    case 'tryBankRule':
      // The demo's account, which has statements to try a rule on; a pattern naming a VÖEN.
      return { body: { account: demoBankAccount, pattern: 'VOEN (?<voen>\\d{10})' }, headers };
    case 'resolveBankEntry':
      // The credit no payment claims (openBankCredit) marked not ours: a link needs a paid payment no credit holds.
      return { body: { action: 'not_ours', payment_id: null, reason: 'Sınaq' }, headers };
    case 'updatePaymentInsurance':
      // The version is the payment's, read at its own address.
      body.version = ((await get(url.replace(/insurance\/$/, ''))) as { version: number }).version;
      return { body, headers };
    case 'payPayment': {
      // The newest payment was created and edited above; submitted (a move without a body) and then paid with a
      // receipt number never used.
      const submitted = await t.app.inject({ method: 'POST', url: url.replace(/pay\/$/, 'submit/'), headers });
      if (submitted.statusCode !== 200) throw new Error(`submitPayment: ${submitted.statusCode} ${submitted.body}`);
      return {
        body: { payment_receipt_number: `QB-${Date.now()}-${(counter += 1)}`, payment_receipt_date: '2026-02-01' },
        headers,
      };
    }
    case 'cancelPayment': {
      // The newest payment is paid by now: a new one is cancelled while under review.
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/payments/',
        headers,
        payload: await paymentBody(await validBody(operations.find((op) => op.operationId === 'createPayment')!.body!)),
      });
      if (created.statusCode !== 201) throw new Error(`createPayment: ${created.statusCode} ${created.body}`);
      return { body, headers, url: `/api/payments/${(created.json() as { id: number }).id}/cancel/` };
    }
    default: {
      // An update sends the version it read.
      if ('version' in body) {
        const id = typeof body.id === 'number' ? body.id : Number(/\/(\d+)\/$/.exec(url)?.[1]);
        const readUrl = operation.path.includes('{id}') ? url : `/api/user/users/${id}/`;
        body.version = ((await get(readUrl)) as { version: number }).version;
      }
      return { body, headers };
    }
  }
}

describe('the OpenAPI document', () => {
  it('names every operation readably and once, and declares its security', () => {
    const ids = operations.map((op) => op.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const methods = doc.paths as Record<string, Record<string, { security?: unknown[] }>>;
    for (const op of operations) {
      const security = methods[op.path]![op.method.toLowerCase()]!.security;
      expect(security, `${op.method} ${op.path}`).toBeDefined();
    }
    expect(operations.filter((op) => op.isPublic).map((op) => op.operationId)).toEqual(
      expect.arrayContaining(['obtainToken', 'verifyToken', 'refreshToken', 'forgotPassword', 'resetPassword']),
    );
    expect(operations.find((op) => op.operationId === 'listDrivers')).toMatchObject({ isPublic: false });
  });

  it('passes redocly lint with the recommended rules and no warning', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dnx-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const run = spawnSync(
        process.execPath,
        [
          path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
          'lint',
          file,
          '--config',
          path.join(root, 'redocly.yaml'),
          '--format=json',
        ],
        { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      );
      // The JSON report follows a notice about Node versions on some runtimes.
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('declares ids as int4 integers, dates as days, choices as enums', () => {
    const body = (id: string) => operations.find((op) => op.operationId === id)!.body!.properties!;
    expect(body('deleteMultipleRegions').pkList!.items).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
    });
    expect(body('createAutomobile').right_kind).toMatchObject({ enum: [1, 2, 4, 3] });
    expect(body('createDriver').driving_license_start_date).toMatchObject({ type: 'string', format: 'date' });
    expect(body('createAutomobile').load_capacity).toMatchObject({ type: 'string' });
    expect(body('createAccount').region).toMatchObject({ type: 'integer', maximum: 2147483647 });
    const getRegion = operations.find((op) => op.operationId === 'getRegion')!;
    expect(getRegion.parameters.find((p) => p.name === 'id')!.schema).toMatchObject({ pattern: '^[1-9][0-9]{0,9}$' });
  });

  it('bounds every integer of every request and answer, and has no binary floats', () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) {
        node.forEach((item, i) => walk(item, `${where}/${i}`));
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      const schema = node as JsonSchema;
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      // A number is allowed only as one of listed whole values (a status 1 or 0, a kind of right).
      const listedWholes = schema.enum?.every((v) => Number.isInteger(v)) ?? false;
      if (types.includes('number') && !listedWholes) unbounded.push(`${where}: number`);
      if (types.includes('integer') && (schema.minimum === undefined || schema.maximum === undefined)) {
        unbounded.push(`${where}: integer without bounds`);
      }
      for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
    };
    walk(doc.paths, '');
    walk(doc.components?.schemas ?? {}, '#/components/schemas');
    expect(unbounded).toEqual([]);
  });
});

/**
 * The directory's operations (issue 59): with no directory configured here they answer a clear 4xx; the directory's
 * own tests run them against a real OpenID Connect provider and slapd.
 */
const needsDirectory = new Set([
  'finishDirectorySignIn',
  'signInWithLdap',
  'directoryBackchannelLogout',
  'previewDirectoryMapping',
]);

describe('a client built from the document', () => {
  it('sends a body built from each request schema, and the server accepts it', { timeout: 300_000 }, async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const refused: string[] = [];
    for (const operation of operations.filter((op) => op.body)) {
      const generated = await validBody(operation.body!);
      const pathId = operation.path.includes('{id}') ? await referenceId(pathResource(operation), {}) : 0;
      let url = urlOf(operation, { id: String(pathId) });
      const fixture = await fixtures(operation, generated, url);
      const { body, headers } = fixture;
      if ('url' in fixture && fixture.url) url = fixture.url;
      // The body really is what the document describes: a refusal below is then the server's fault.
      const valid = ajv.validate(operation.body!, body);
      expect(valid, `${operation.operationId}: ${ajv.errorsText()}`).toBe(true);
      // A multipart operation sends its parts; the schema was checked on its fields above.
      const payload = 'payload' in fixture ? fixture.payload : body;
      const res = await t.app.inject({ method: operation.method, url, headers, payload });
      // A delete may meet a record still in use (409); everything else must succeed, but the directory's (above).
      const accepted =
        res.statusCode < 300 ||
        (res.statusCode === 409 && /delete/i.test(operation.operationId)) ||
        (needsDirectory.has(operation.operationId) && res.statusCode >= 400 && res.statusCode < 500);
      if (!accepted) refused.push(`${operation.operationId} ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
    }
    expect(refused).toEqual([]);
  });

  it('answers a body that breaks the schema with a 400 naming the field', { timeout: 300_000 }, async () => {
    const unnamed: string[] = [];
    for (const operation of operations.filter((op) => op.body?.properties)) {
      const base = await validBody(operation.body!);
      const url = urlOf(operation, { id: '1' });
      for (const [field, schema] of Object.entries(operation.body!.properties!)) {
        const wrong = wrongTypeFor(schema);
        const res = await t.app.inject({
          method: operation.method,
          url,
          headers: operation.isPublic ? {} : await adminHeaders(),
          payload: { ...base, [field]: wrong },
        });
        const named =
          res.statusCode === 400 &&
          Object.keys(res.json() as object).some((k) => k === field || k.startsWith(`${field}.`));
        if (!named)
          unnamed.push(
            `${operation.operationId} ${field}=${JSON.stringify(wrong)}: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    }
    expect(unnamed).toEqual([]);
  });
});

/** The resource a path's `{id}` names, for a real id in it. */
function pathResource(operation: Operation): string {
  // A statement's own id (bulk confirmation), not one of its credits'.
  if (/^\/api\/bank-statements\/\{id\}\//.test(operation.path)) return 'bank-statement';
  const fn = /^\/api\/(fn\/[a-z-]+)\/\{id\}/.exec(operation.path);
  if (fn) return fn[1]!;
  const match = /^\/api\/(?:user\/)?([a-z-]+)\//.exec(operation.path);
  return match?.[1] ?? 'regions';
}

/** A value of the wrong JSON type for a field. */
function wrongTypeFor(schema: JsonSchema): unknown {
  const types = JSON.stringify(schema);
  if (/"type":"(integer|number|boolean|array)"/.test(types) || schema.enum) return { wrong: true };
  return 12345;
}
