import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../../scripts/lib/postgres-cluster.mjs';
import { createThrowawayDatabase } from '../../../../scripts/lib/throwaway-database.mjs';
import { buildApp } from '../app';
import { askServer } from '../control-socket';
import { cities, fnCoefficients, routeCompanies } from '../db/schema';
import { demoPassword } from '../demo/data';
import { fnKit } from '../features/fn/fn-test-kit';
import { signInAs, type SignedIn } from '../test/auth-helpers';
import { multipart, smallPdf } from '../test/multipart';
import { createTestApp, solveCaptcha, testConfig, type TestApp } from '../test/test-app';
import {
  BackupFileError,
  backupEmbedded,
  backupPostgres,
  restoreEmbedded,
  restorePostgres,
  RestoreRefusedError,
  type RestoreReport,
} from './backup';

/**
 * Backup and restore (issue 25), on the database of the pass: data made through the API (a user, a batch, a
 * payment, an online request with its document, a bus route, on top of the demo data) -> one backup file -> a
 * restore elsewhere (a new embedded folder; on PostgreSQL, a new cluster, which lacks the app's role) -> the same
 * counts and chain heads, both chains intact, a user signs in on a server of the restored database, and it serves
 * the same pages.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);

/** The pages compared between the original and the restored server, each as the user who may read it. */
const pages: [string, 'admin' | 'central' | 'cashier'][] = [
  ['/api/user/users/?page_size=100', 'admin'],
  ['/api/fn/batches/', 'central'],
  ['/api/fn/forms/?page_size=50', 'central'],
  ['/api/payments/', 'cashier'],
  ['/api/online-carriers/', 'cashier'],
  ['/api/bus-routes/', 'admin'],
  ['/api/audit/', 'admin'],
  ['/api/reports/', 'central'],
];

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'embedded'})`, () => {
  let t: TestApp;
  let work: string;
  let file: string;
  let cluster: Cluster | undefined;
  let restoredUrl: string;
  let restoredFolder: string;
  let report: RestoreReport;
  let restored: FastifyInstance;
  let restoredApp: TestApp | undefined;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'dnx-backup-test-'));
    file = path.join(work, 'backup.dnx');
    t = await createTestApp({ seed: true });
    const k = await fnKit(t);
    const send = async (url: string, who: SignedIn, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: who.headers, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    await send('/api/user/users/create-account/', k.as.admin, {
      email: 'restored.person@test.az',
      password: 'Qarabag-2026-Yol',
      confirm_password: 'Qarabag-2026-Yol',
      first_name: 'Vüqar',
      last_name: 'Nəsirov',
      parent_name: 'Kamal',
      phone: '+994501234567',
      date_of_birth: '1990-05-17',
      region: k.ganja,
      groups: [],
      user_permissions: [],
    });
    const batch = await k.createBatch({ series: 'BKZ', finish_number: '000003' });
    expect((await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator)).statusCode).toBe(200);
    const forms = (await k.request('GET', `/api/fn/forms/?batch=${batch.id}&no_page=1`, k.as.central)).json()
      .results as { id: number }[];
    await send('/api/payments/', k.as.cashier, {
      owner_code: '1234567891',
      owner_name: 'Əliyev Vəli Məmməd oğlu',
      mdssh_number: 'M-1',
      mdssh_date: '2025-01-10',
      mdssh_amount: '10.00',
      itsda_number: 'I-1',
      itsda_date: '2025-01-10',
      itsda_amount: '12.50',
      rows: [
        {
          form: forms[0]!.id,
          plate: '10-BK-001',
          transport_type: k.transportType,
          seats_count: 18,
          base_carrier_pin: '1234567891',
          coefficient: (
            await t.database.db
              .select({ value: fnCoefficients.coefficient })
              .from(fnCoefficients)
              .where(eq(fnCoefficients.id, k.coefficient))
          )[0]!.value,
          expire_date: 3,
        },
      ],
    });
    const request = multipart({
      name: 'Bərpa Daşıyıcı MMC',
      voen: '7700000099',
      address: 'Gəncə, Atatürk 5',
      phone: '+994501112233',
      email: 'berpa@example.az',
      info: '',
      region: String(k.ganja),
      consent: 'true',
      gtoken: await solveCaptcha(t.app),
      registration_certificate: { file: smallPdf, name: 'şəhadətnamə.pdf' },
    });
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/public/online/carriers/',
      headers: request.headers,
      payload: request.payload,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const cityIds = (await t.database.db.select({ id: cities.id }).from(cities).limit(2)).map((c) => c.id);
    const companyIds = (await t.database.db.select({ id: routeCompanies.id }).from(routeCompanies)).map((c) => c.id);
    await send('/api/bus-routes/', k.as.admin, {
      transport_type: k.transportType,
      name: 'Gəncə — Bakı',
      number: 'R-BK-1',
      region: k.ganja,
      city: cityIds[0],
      destination_city: cityIds[1],
      cover: 'Şəhərlərarası',
      route_length_straight: '365,5',
      fare: '0,40',
      start_time: '06:30',
      finish_time: null,
      route_companies: companyIds,
      route_points: [{ name: 'Avtovağzal' }, { name: 'Bazar' }],
    });

    if (onPostgres) {
      await backupPostgres(t.databaseUrl!, file);
      cluster = await startCluster();
      restoredUrl = (await createThrowawayDatabase(cluster.url, 'dnx_restored')).url;
      report = await restorePostgres(file, restoredUrl);
      restoredApp = await createTestApp({ databaseUrl: restoredUrl });
      restored = restoredApp.app;
    } else {
      await backupEmbedded(t.database, file);
      const config = testConfig();
      restoredFolder = path.join(config.dataDir, 'pglite');
      report = await restoreEmbedded(file, restoredFolder);
      restored = await buildApp({ config, seed: 'never' });
      await restored.ready();
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await (restoredApp ? restoredApp.close() : restored?.close());
    cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('writes one file, the owner’s alone, whose manifest states the database: counts, migration, chain heads', () => {
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(report.kind).toBe(onPostgres ? 'postgresql' : 'embedded');
    expect(report.ok).toBe(true);
    expect(report.tablesDiffering).toEqual([]);
    expect(report.migration.found).toBe(report.migration.expected);
    expect(report.migration.found).toMatch(/^\d{4}_/);
    for (const chain of [report.chains.audit, report.chains.ledger]) {
      expect(chain).toMatchObject({ ok: true, head_matches: true, first_broken_id: null });
      expect(chain.rows).toBeGreaterThan(0);
    }
    expect(report.tables).toBeGreaterThan(30);
  });

  it('restores a database whose server serves the same pages and signs a user in', async () => {
    for (const [url, role] of pages) {
      const email = `${role}@demo.az`;
      const before = await t.app.inject({ method: 'GET', url, headers: (await signInAs(t, email)).headers });
      const restoredSession = await signInAs({ ...t, app: restored, database: restored.database } as TestApp, email);
      const after = await restored.inject({ method: 'GET', url, headers: restoredSession.headers });
      expect(before.statusCode, `${url}: ${before.body}`).toBe(200);
      expect(after.statusCode, url).toBe(200);
      // A report says as of when it was read: the one thing that differs.
      const figures = (body: Record<string, unknown>) => ({ ...body, as_of: typeof body.as_of });
      expect(figures(after.json()), url).toEqual(figures(before.json()));
    }
    const signIn = await restored.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'restored.person@test.az', password: 'Qarabag-2026-Yol', gtoken: await solveCaptcha(restored) },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const demo = await restored.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'cashier@demo.az', password: demoPassword, gtoken: await solveCaptcha(restored) },
    });
    expect(demo.statusCode, demo.body).toBe(200);
    // The online request's document came back byte for byte.
    const cashier = await signInAs({ ...t, app: restored, database: restored.database } as TestApp, 'cashier@demo.az');
    const list = (
      await restored.inject({ method: 'GET', url: '/api/online-carriers/?search=7700000099', headers: cashier.headers })
    ).json() as { results: { id: number }[] };
    const detail = (
      await restored.inject({
        method: 'GET',
        url: `/api/online-carriers/${list.results[0]!.id}/`,
        headers: cashier.headers,
      })
    ).json() as { files: { id: number }[] };
    const document = await restored.inject({
      method: 'GET',
      url: `/api/online-files/${detail.files[0]!.id}/`,
      headers: cashier.headers,
    });
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.equals(smallPdf)).toBe(true);
  });

  it('refuses a target that is not empty unless told, and a damaged file, changing nothing', async () => {
    const again = () =>
      onPostgres ? restorePostgres(file, restoredUrl) : restoreEmbedded(file, path.join(work, 'other', 'pglite'));
    if (onPostgres) {
      await expect(again()).rejects.toThrow(RestoreRefusedError);
      await expect(again()).rejects.toThrow(/not empty \(\d+ tables\).*--replace/);
    } else {
      // The restored folder is the running server's: the lock refuses, whatever --replace says.
      await expect(restoreEmbedded(file, restoredFolder, { replace: true })).rejects.toThrow(/in use by/);
      expect((await again()).ok).toBe(true);
      await expect(again()).rejects.toThrow(/is not empty.*--replace/);
      const replaced = await restoreEmbedded(file, path.join(work, 'other', 'pglite'), { replace: true });
      expect(replaced.ok).toBe(true);
      expect(replaced.replacedFolder).toMatch(/pglite\.replaced-/);
      // The running server that holds the folder writes a backup when asked over its control socket.
      const viaServer = path.join(work, 'via-server.dnx');
      const answer = await askServer(path.dirname(restoredFolder), 'backup', viaServer);
      expect(answer).toMatchObject({ ok: true, result: { ok: true, kind: 'embedded' } });
      expect((await restoreEmbedded(viaServer, path.join(work, 'fifth', 'pglite'))).ok).toBe(true);
    }
    const damaged = path.join(work, 'damaged.dnx');
    const bytes = readFileSync(file);
    const at = bytes.length - 20_000;
    bytes[at] = bytes[at]! ^ 0xff;
    writeFileSync(damaged, bytes);
    const target = onPostgres
      ? restorePostgres(damaged, restoredUrl, { replace: true })
      : restoreEmbedded(damaged, path.join(work, 'third', 'pglite'));
    await expect(target).rejects.toThrow(BackupFileError);
    await expect(restoreEmbedded(path.join(work, 'absent.dnx'), path.join(work, 'fourth'))).rejects.toThrow(
      /There is no file/,
    );
  });
});
