import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentMessages, registryMessages, resourceMessages } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automobiles } from '../../db/schema';
import { signInAs } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

const get = (t: TestApp, url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('registry gateway, default adapter: the project’s own automobiles and drivers', () => {
  let t: TestApp;
  let cashier: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    cashier = (await signInAs(t, 'cashier@demo.az')).headers;
  });
  afterAll(() => t?.close());

  it('finds a vehicle by plate, however the plate is typed', async () => {
    for (const plate of ['10-AB-123', '10ab123', '10-ab-123']) {
      const res = await get(t, `/api/registry/vehicles/${plate}/`, cashier);
      expect(res.statusCode, plate).toBe(200);
      expect(res.json()).toEqual({
        plate: '10-AB-123',
        brand_model: 'Mercedes-Benz Sprinter',
        seats_count: 18,
        load_carrying_capacity: '0',
        base_carrier_pin: '1400123451',
        base_carrier_name: 'Bakı Sərnişin Nəqliyyatı MMC',
        right_of_use: 1,
        right_of_use_expire_date: null,
      });
    }
    const leased = (await get(t, '/api/registry/vehicles/20-GA-456/', cashier)).json();
    expect(leased).toMatchObject({ right_of_use: 3, right_of_use_expire_date: '2027-12-31', seats_count: 27 });
  });

  it('answers 404 with a clear message for an unknown or deactivated vehicle', async () => {
    const unknown = await get(t, '/api/registry/vehicles/99-ZZ-999/', cashier);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: registryMessages.vehicleNotFound });
    await t.writeOutside((db) =>
      db.update(automobiles).set({ status: 0 }).where(eq(automobiles.registrationNumber, '50-SR-789')),
    );
    expect((await get(t, '/api/registry/vehicles/50-SR-789/', cashier)).json()).toEqual({
      detail: registryMessages.vehicleNotFound,
    });
  });

  it('refuses a path value that does not fit its format with a 404 that says the format', async () => {
    for (const plate of ['10-AB-12', 'AB-10-123', '10-ƏB-123', '%00', '10-AB-1234']) {
      const res = await get(t, `/api/registry/vehicles/${plate}/`, cashier);
      expect(res.statusCode, plate).toBe(404);
      expect(res.json(), plate).toEqual({ detail: paymentMessages.plateInvalid });
    }
    expect((await get(t, '/api/registry/drivers/5ABC12/', cashier)).json()).toEqual({
      detail: paymentMessages.finInvalid,
    });
    expect((await get(t, '/api/registry/licences/A1234567/', cashier)).json()).toEqual({
      detail: resourceMessages.licenceNumberInvalid,
    });
    // Unknown query parameters stay a 400, as on every endpoint without a query.
    expect((await get(t, '/api/registry/drivers/5ABC12X/?x=1', cashier)).statusCode).toBe(400);
  });

  it('finds a driver by FIN and a licence by number', async () => {
    const driver = await get(t, '/api/registry/drivers/5abc12x/', cashier);
    expect(driver.statusCode).toBe(200);
    expect(driver.json()).toEqual({ fin: '5ABC12X', driver_full_name: 'Əliyev Orxan Vüqar' });
    const licence = await get(t, '/api/registry/licences/az100001/', cashier);
    expect(licence.statusCode).toBe(200);
    expect(licence.json()).toEqual({ number: 'AZ100001', categories: ['B', 'D'], expire_date: '2032-05-14' });
    expect((await get(t, '/api/registry/drivers/1AAAAAA/', cashier)).json()).toEqual({
      detail: registryMessages.driverNotFound,
    });
    expect((await get(t, '/api/registry/licences/ZZ999999/', cashier)).json()).toEqual({
      detail: registryMessages.licenceNotFound,
    });
  });

  it('is open to the fn-payment roles only', async () => {
    for (const [email, status] of [
      ['admin@demo.az', 200],
      ['central@demo.az', 200],
      ['regional@demo.az', 200],
      ['operator@demo.az', 200],
      ['inspector@demo.az', 403],
    ] as const) {
      const { headers } = await signInAs(t, email);
      expect((await get(t, '/api/registry/drivers/5ABC12X/', headers)).statusCode, email).toBe(status);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/registry/drivers/5ABC12X/' })).statusCode).toBe(401);
  });
});

/** A fake external registry: answers by path, as the test needs. */
function startFakeRegistry(): Promise<{ server: Server; url: string; asked: string[] }> {
  const asked: string[] = [];
  const json = (body: unknown) => ['application/json', JSON.stringify(body)] as const;
  const answers: Record<string, { status: number; body: readonly [string, string]; delayMs?: number }> = {
    '/registry/vehicles/10-AA-123': {
      status: 200,
      body: json({
        plate: '10-AA-123',
        brand_model: 'Ford Transit',
        seats_count: 16,
        load_carrying_capacity: 3.5,
        base_carrier_pin: '1234567891',
        base_carrier_name: 'Şəki Trans MMC',
        right_of_use: 4,
        right_of_use_expire_date: '05.03.2027',
      }),
    },
    '/registry/vehicles/20-SL-000': { status: 200, body: json({}), delayMs: 2_000 },
    '/registry/vehicles/30-GB-111': { status: 200, body: ['text/html', '<html>Xəta</html>'] },
    '/registry/vehicles/40-BD-222': {
      status: 200,
      body: json({
        plate: '40-BD-222',
        brand_model: 'Ford Transit',
        seats_count: 16,
        load_carrying_capacity: '3.5',
        base_carrier_pin: '1234567891',
        right_of_use: 3,
        right_of_use_expire_date: '31.02.2027',
      }),
    },
    '/registry/vehicles/50-ER-333': { status: 500, body: json({ error: 'down' }) },
    '/registry/drivers/5ABC12X': { status: 200, body: json({ fin: '5abc12x', full_name: 'Əliyev Orxan Vüqar' }) },
    '/registry/licences/AB123456': {
      status: 200,
      body: json({ number: 'ab 123456', categories: ['B', 'C'], expire_date: '14.05.2032' }),
    },
  };
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url} ${req.headers.accept}`);
    const answer = answers[decodeURIComponent(req.url ?? '')];
    const send = () => {
      if (!answer) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"not found"}');
        return;
      }
      res.writeHead(answer.status, { 'content-type': answer.body[0] }).end(answer.body[1]);
    };
    if (answer?.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/registry`, asked });
    });
  });
}

describe('registry gateway, HTTP adapter (REGISTRY_URL) against a fake registry', () => {
  let fake: Awaited<ReturnType<typeof startFakeRegistry>>;
  let t: TestApp;
  let cashier: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeRegistry();
    t = await createTestApp({ seed: true, env: { REGISTRY_URL: fake.url, REGISTRY_TIMEOUT_MS: '300' } });
    cashier = (await signInAs(t, 'cashier@demo.az')).headers;
  });
  afterAll(async () => {
    await t?.close();
    fake.server.closeAllConnections();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('reads a vehicle, its dd.mm.yyyy date as yyyy-mm-dd and a numeric load as an exact string', async () => {
    const res = await get(t, '/api/registry/vehicles/10aa123/', cashier);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plate: '10-AA-123',
      brand_model: 'Ford Transit',
      seats_count: 16,
      load_carrying_capacity: '3.5',
      base_carrier_pin: '1234567891',
      base_carrier_name: 'Şəki Trans MMC',
      right_of_use: 4,
      right_of_use_expire_date: '2027-03-05',
    });
    expect(fake.asked).toContain('GET /registry/vehicles/10-AA-123 application/json');
  });

  it('reads drivers and licences', async () => {
    expect((await get(t, '/api/registry/drivers/5ABC12X/', cashier)).json()).toEqual({
      fin: '5ABC12X',
      driver_full_name: 'Əliyev Orxan Vüqar',
    });
    expect((await get(t, '/api/registry/licences/AB123456/', cashier)).json()).toEqual({
      number: 'AB123456',
      categories: ['B', 'C'],
      expire_date: '2032-05-14',
    });
  });

  it('not found: 404 with the message', async () => {
    const res = await get(t, '/api/registry/vehicles/99-ZZ-999/', cashier);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: registryMessages.vehicleNotFound });
  });

  it('a registry slower than the limit: 504 with the limit in the message, in about the limit', async () => {
    const started = Date.now();
    const res = await get(t, '/api/registry/vehicles/20-SL-000/', cashier);
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ detail: registryMessages.timeout('0,3'), code: 'registry_timeout' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('a garbled answer (HTML, a day that does not exist): 502, nothing taken from it', async () => {
    for (const plate of ['30-GB-111', '40-BD-222']) {
      const res = await get(t, `/api/registry/vehicles/${plate}/`, cashier);
      expect(res.statusCode, plate).toBe(502);
      expect(res.json()).toEqual({ detail: registryMessages.badAnswer, code: 'registry_bad_answer' });
    }
  });

  it('a registry that fails (500) or cannot be reached: 503 with Retry-After', async () => {
    const failed = await get(t, '/api/registry/vehicles/50-ER-333/', cashier);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ detail: registryMessages.unavailable, code: 'registry_unavailable' });
    expect(failed.headers['retry-after']).toBe('5');

    // A port nobody listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const down = await createTestApp({ seed: true, env: { REGISTRY_URL: `http://127.0.0.1:${port}/` } });
    try {
      const { headers } = await signInAs(down, 'cashier@demo.az');
      const res = await get(down, '/api/registry/drivers/5ABC12X/', headers);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: registryMessages.unavailable, code: 'registry_unavailable' });
    } finally {
      await down.close();
    }
  });
});
