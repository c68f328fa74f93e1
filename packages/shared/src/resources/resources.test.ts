import { describe, expect, it } from 'vitest';
import { appRoutes } from '../navigation/app-routes';
import { permissionCodes } from '../access/permissions';
import { resourceInputSchema, resourceRecordSchema } from './define';
import {
  automobileResource,
  carrierResource,
  driverResource,
  fnCoefficientResource,
  regionResource,
  resources,
  tariffResource,
} from './definitions';
import { resourceMessages as m } from './messages';
import { rateInForce, rateInQepik, type TariffRate } from './tariff';
import { normalizeDecimal, normalizePlate } from './values';

function errorsOf(schema: ReturnType<typeof resourceInputSchema>, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('resource declarations', () => {
  it('every resource names existing screens and permissions', () => {
    const keys = new Set(appRoutes.map((r) => r.key));
    for (const resource of resources) {
      for (const route of Object.values(resource.routes))
        expect(keys.has(route), `${resource.key}: ${route}`).toBe(true);
      for (const action of ['view', 'add', 'change', 'delete']) {
        expect(permissionCodes).toContain(`${action}_${resource.permission}`);
      }
      expect(resource.apiPath).toBe(`/api/${resource.key}/`);
      expect(resource.fields.some((f) => f.name === resource.labelField)).toBe(true);
      expect(resource.fields.some((f) => f.name === resource.defaultOrder.order_by)).toBe(true);
    }
  });

  it('a region needs a name and a positive decimal coefficient, exact as a string', () => {
    const schema = resourceInputSchema(regionResource);
    expect(errorsOf(schema, { name: ' ', coefficient: '0' })).toEqual({
      name: [m.required('Regionun adı')],
      coefficient: [m.coefficientInvalid],
    });
    expect(errorsOf(schema, { name: 'Şəki', coefficient: '-1' }).coefficient).toEqual([m.coefficientInvalid]);
    expect(schema.parse({ name: ' Şəki ', coefficient: '1,50' })).toEqual({
      name: 'Şəki',
      coefficient: '1.5',
      status: 1,
    });
  });

  it('fn coefficient and description slots', () => {
    const schema = resourceInputSchema(fnCoefficientResource);
    expect(Object.keys(errorsOf(schema, {}))).toEqual(['coefficient', 'description']);
  });

  it('a carrier: voen is 10 digits, phone +994 and nine digits', () => {
    const schema = resourceInputSchema(carrierResource);
    const errors = errorsOf(schema, { name: 'Daşıyıcı MMC', voen: '12345', phone: '050 123 45 67' });
    expect(errors.voen).toEqual([m.voenInvalid]);
    expect(errors.phone).toEqual([m.phoneInvalid]);
    const ok = schema.parse({ name: 'Daşıyıcı MMC', voen: '1234567891', phone: '+994 (50) 123-45-67' });
    expect(ok.phone).toBe('+994501234567');
    expect(ok.tax_payer).toBeNull();
    expect(ok).not.toHaveProperty('created_at');
  });

  it('a driver: FIN code, categories, and the licence ends after it starts', () => {
    const schema = resourceInputSchema(driverResource);
    const base = {
      first_name: 'Orxan',
      last_name: 'Əliyev',
      parent_name: 'Vüqar',
      identity_fin_code: '5abc12x',
      driving_license_start_date: '2020-05-01',
      driving_license_finish_date: '2030-05-01',
      driving_category: ['B', 'D'],
    };
    expect(schema.parse(base).identity_fin_code).toBe('5ABC12X');
    expect(errorsOf(schema, { ...base, identity_fin_code: '12345' }).identity_fin_code).toEqual([m.finInvalid]);
    expect(errorsOf(schema, { ...base, driving_category: [] }).driving_category).toEqual([m.categoriesRequired]);
    expect(errorsOf(schema, { ...base, driving_category: ['Z'] }).driving_category).toBeDefined();
    expect(errorsOf(schema, { ...base, driving_license_finish_date: '2019-01-01' })).toEqual({
      driving_license_finish_date: [m.licenceFinishBeforeStart],
    });
    expect(errorsOf(schema, { ...base, driving_license_start_date: '2020-02-30' }).driving_license_start_date).toEqual([
      m.dateInvalid,
    ]);
    // A cross-field message shows together with the other fields' messages, even beside a missing field or a
    // value of the wrong type.
    expect(
      errorsOf(schema, {
        ...base,
        first_name: undefined,
        driving_category: 'B',
        driving_license_finish_date: '2019-01-01',
      }),
    ).toEqual({
      first_name: [m.required('Ad')],
      driving_category: [m.choose('Sürücülük kateqoriyaları')],
      driving_license_finish_date: [m.licenceFinishBeforeStart],
    });
    // Empty, null or absent, a required date says it is required.
    for (const empty of ['', null, undefined]) {
      expect(errorsOf(schema, { ...base, driving_license_start_date: empty }).driving_license_start_date).toEqual([
        m.required('Vəsiqənin verilmə tarixi'),
      ]);
    }
  });

  it('an automobile: plate format, non-negative seats and load, ownership clears the expiry', () => {
    const schema = resourceInputSchema(automobileResource);
    const base = { registration_number: '10 aa 123', brand: 1, model: 2, carrier: 3, right_kind: 1 };
    const owned = schema.parse({ ...base, right_expiry_date: '2030-01-01' });
    expect(owned.registration_number).toBe('10-AA-123');
    expect(owned.right_expiry_date).toBeNull();
    expect(owned.seats).toBe(0);
    expect(owned.load_capacity).toBe('0');
    expect(errorsOf(schema, { ...base, right_kind: 2 })).toEqual({ right_expiry_date: [m.rightExpiryRequired] });
    expect(errorsOf(schema, { ...base, registration_number: 'AB-123' }).registration_number).toEqual([m.plateInvalid]);
    expect(errorsOf(schema, { ...base, seats: -1 }).seats).toBeDefined();
    expect(errorsOf(schema, { ...base, load_capacity: '-2' }).load_capacity).toBeDefined();
    expect(errorsOf(schema, { ...base, right_kind: 5 }).right_kind).toBeDefined();
  });

  it('record schemas carry display names of references', () => {
    const shape = resourceRecordSchema(automobileResource).shape;
    expect(Object.keys(shape)).toEqual(expect.arrayContaining(['brand', 'brand_name', 'carrier_name', 'model_name']));
  });

  it('a tariff rate is a non-negative amount with at most two decimals', () => {
    const schema = resourceInputSchema(tariffResource);
    expect(schema.parse({ fee_group: 'seat', rate: '1,80', effective_from: '2026-01-01' }).rate).toBe('1.8');
    expect(errorsOf(schema, { fee_group: 'seat', rate: '1.805', effective_from: '2026-01-01' }).rate).toEqual([
      m.rateInvalid,
    ]);
    expect(errorsOf(schema, { fee_group: 'bus', rate: '1', effective_from: '2026-01-01' }).fee_group).toBeDefined();
  });
});

describe('values', () => {
  it('normalizes decimals without floats', () => {
    expect(normalizeDecimal('001,500', 4)).toBe('1.5');
    expect(normalizeDecimal('2', 4)).toBe('2');
    expect(normalizeDecimal('0.0001', 4)).toBe('0.0001');
    expect(normalizeDecimal('0.00001', 4)).toBeNull();
    expect(normalizeDecimal('1e3', 4)).toBeNull();
  });

  it('normalizes Azerbaijani plates', () => {
    expect(normalizePlate('90-ZZ-001')).toBe('90-ZZ-001');
    expect(normalizePlate('99ab999')).toBe('99-AB-999');
    expect(normalizePlate('1-AB-123')).toBeNull();
  });
});

describe('tariffs', () => {
  const tariffs: TariffRate[] = [
    { fee_group: 'seat', rate: '1.80', effective_from: '2019-01-01' },
    { fee_group: 'seat', rate: '2.00', effective_from: '2026-07-01' },
    { fee_group: 'flat', rate: '9.00', effective_from: '2019-01-01' },
  ];

  it('the rate in force is the latest effective on or before the date', () => {
    expect(rateInForce(tariffs, 'seat', '2026-06-30')?.rate).toBe('1.80');
    expect(rateInForce(tariffs, 'seat', '2026-07-01')?.rate).toBe('2.00');
    expect(rateInForce(tariffs, 'seat', '2018-12-31')).toBeNull();
    expect(rateInForce(tariffs, 'load', '2026-07-01')).toBeNull();
    expect(rateInQepik(rateInForce(tariffs, 'flat', '2026-07-01')!)).toBe(900n);
  });
});
