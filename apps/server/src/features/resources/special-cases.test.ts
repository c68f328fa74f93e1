import {
  automobileModelResource,
  automobileResource,
  driverResource,
  rateInForce,
  regionResource,
  resourceMessages as m,
  tariffResource,
  type TariffRate,
} from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { idsFirstFromOffset } from './repository';
import { resourceKit } from './resource-test-kit';

/** What the generic suite cannot say: the hooks and rules particular to one resource. */
describe('resources: special cases', () => {
  let t: TestApp;
  let admin: SignedIn;
  const kit = resourceKit(new Proxy({} as TestApp, { get: (_target, name) => t[name as keyof TestApp] }), () => admin);

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az');
  });
  afterAll(() => t.close());

  const brandId = async (name: string) =>
    (await kit.send('GET', `/api/automobile-brands/?name=${name}&no_page=1`)).json().results[0].id as number;

  it("a model's name is unique within its brand, and its picker narrows by brand", async () => {
    const [isuzu, ford] = [await brandId('Isuzu'), await brandId('Ford')];
    const taken = await kit.send('POST', '/api/automobile-models/', { name: 'NOVO', brand: isuzu });
    expect(taken.json()).toEqual({ name: [m.nameTaken] });
    const elsewhere = await kit.send('POST', '/api/automobile-models/', { name: 'Novo', brand: ford });
    expect(elsewhere.statusCode).toBe(201);
    const picker = (await kit.send('GET', `/api/automobile-models/available/?brand=${ford}`)).json() as {
      name: string;
    }[];
    expect(picker.map((p) => p.name)).toEqual(['Novo', 'Transit']);
    expect((await kit.send('POST', '/api/automobile-models/', { name: 'X' })).json()).toHaveProperty('brand');
  });

  it("an automobile's model must be its brand's, and a model in use keeps its brand", async () => {
    const [isuzu, ford] = [await brandId('Isuzu'), await brandId('Ford')];
    const fordModel = await kit.firstAvailable('automobile-models', `?brand=${ford}`);
    const mismatch = await kit.send('POST', automobileResource.apiPath, {
      ...(await kit.sampleInput(automobileResource)),
      brand: isuzu,
      model: fordModel,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ model: [m.modelNotOfBrand] });

    const model = await kit.create(automobileModelResource, { brand: ford });
    await kit.create(automobileResource, { model: model.id });
    const moved = await kit.send('PUT', `/api/automobile-models/${model.id}/`, {
      name: model.name,
      brand: isuzu,
      version: model.version,
    });
    expect(moved.json()).toEqual({ brand: [m.modelBrandLocked] });
    const refused = await kit.send('POST', '/api/automobile-brands/delete-multiple/', { pkList: [ford] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/avtomobil modeli.*avtomobil/);
  });

  it('ownership clears the right-of-use expiry; other rights need one', async () => {
    const owned = await kit.create(automobileResource, { right_kind: 1, right_expiry_date: '2031-05-01' });
    expect(owned.right_expiry_date).toBeNull();
    const leased = await kit.send('POST', automobileResource.apiPath, {
      ...(await kit.sampleInput(automobileResource)),
      right_kind: 3,
      right_expiry_date: null,
    });
    expect(leased.json()).toEqual({ right_expiry_date: [m.rightExpiryRequired] });
    const plate = await kit.send('POST', automobileResource.apiPath, {
      ...(await kit.sampleInput(automobileResource)),
      registration_number: String(owned.registration_number).toLowerCase().replaceAll('-', ' '),
    });
    expect(plate.json()).toEqual({ registration_number: [m.plateTaken] });
  });

  it("a driver's licence ends after it starts; FIN codes are unique; categories kept in licence order", async () => {
    const input = await kit.sampleInput(driverResource);
    const backwards = await kit.send('POST', driverResource.apiPath, {
      ...input,
      driving_license_start_date: '2024-01-02',
      driving_license_finish_date: '2024-01-01',
    });
    expect(backwards.json()).toEqual({ driving_license_finish_date: [m.licenceFinishBeforeStart] });
    const driver = await kit.create(driverResource, { driving_category: ['D', 'B', 'D'] });
    expect(driver.driving_category).toEqual(['B', 'D']);
    const twin = await kit.send('POST', driverResource.apiPath, {
      ...(await kit.sampleInput(driverResource)),
      identity_fin_code: String(driver.identity_fin_code).toLowerCase(),
    });
    expect(twin.json()).toEqual({ identity_fin_code: [m.finTaken] });
    const byCategory = (await kit.send('GET', `${driverResource.apiPath}?driving_category=D&no_page=1`)).json();
    expect(byCategory.results.map((d: { id: number }) => d.id)).toContain(driver.id);
  });

  it('tariffs: art. 220.5 seeded, one per group and day, the rate in force is the latest on or before a date', async () => {
    const seeded = (await kit.send('GET', `${tariffResource.apiPath}?no_page=1`)).json().results as TariffRate[];
    expect(rateInForce(seeded, 'seat', '2026-01-01')?.rate).toBe('1.8');
    expect(rateInForce(seeded, 'flat', '2026-01-01')?.rate).toBe('9');
    expect(rateInForce(seeded, 'load', '2026-01-01')?.rate).toBe('0');
    const raised = await kit.send('POST', tariffResource.apiPath, {
      fee_group: 'seat',
      rate: '2,10',
      effective_from: '2027-01-01',
    });
    expect(raised.statusCode).toBe(201);
    const again = await kit.send('POST', tariffResource.apiPath, {
      fee_group: 'seat',
      rate: '3',
      effective_from: '2027-01-01',
    });
    expect(again.json()).toEqual({ effective_from: [m.tariffDateTaken] });
    const seat = (await kit.send('GET', `${tariffResource.apiPath}?fee_group=seat&no_page=1`)).json()
      .results as TariffRate[];
    expect(rateInForce(seat, 'seat', '2026-12-31')?.rate).toBe('1.8');
    expect(rateInForce(seat, 'seat', '2027-01-01')?.rate).toBe('2.1');
  });

  it('keeps coefficients exact decimals and refuses a non-positive one', async () => {
    const region = await kit.create(regionResource, { coefficient: '1,3333' });
    expect(region.coefficient).toBe('1.3333');
    const zero = await kit.send('POST', regionResource.apiPath, { name: 'Sıfır', coefficient: '0' });
    expect(zero.json()).toEqual({ coefficient: [m.coefficientInvalid] });
    const byCoefficient = (await kit.send('GET', `${regionResource.apiPath}?coefficient=1%2C3333&no_page=1`)).json();
    expect(byCoefficient.results.map((r: { id: number }) => r.id)).toEqual([region.id]);
  });

  it('a page far from the start (ids read first from the sort index) agrees with the plain query', async () => {
    // Names whose Azerbaijani order differs from their byte order (ç after c, ş after s, ı before i).
    await t.writeOutside((db) =>
      db.execute(
        sql`insert into regions (name, status) select (array['Çay', 'Cəlil', 'Şəki', 'Sabir', 'İlk', 'Ilıq'])[1 + i % 6] || ' ' || i, i % 2
            from generate_series(1, 600) i`,
      ),
    );
    const list = async (query: string) => (await kit.send('GET', `${regionResource.apiPath}?${query}`)).json();
    for (const order of ['order_by=name', 'order_by=name&order=desc', 'order_by=id&order=desc']) {
      const all = (await list(`${order}&status=1&no_page=1`)).results.map((r: { id: number }) => r.id);
      const from = idsFirstFromOffset + 10;
      // Nearer the start than the end, so the page is read forwards from that offset.
      expect(all.length - (from + 10)).toBeGreaterThan(from);
      const page = await list(`${order}&status=1&per_page=10&page=${from / 10 + 1}`);
      expect(page.count).toBe(all.length);
      expect(page.results.map((r: { id: number }) => r.id)).toEqual(all.slice(from, from + 10));
    }
  });
});
