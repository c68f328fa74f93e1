import {
  automobileResource,
  carrierResource,
  driverResource,
  regionResource,
  resourceInputSchema,
  resources,
  tariffResource,
  type ResourceRecord,
} from '@dnx/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  currentReference,
  defaultListColumns,
  editableFields,
  filterFields,
  formatDecimal,
  hasSearch,
  initialFormValues,
  listFields,
  pickerDependencies,
  toApiInput,
} from './resource-values';

const field = (resource: typeof regionResource, name: string) => resource.fields.find((f) => f.name === name)!;

describe('formatDecimal', () => {
  it('writes Azerbaijani numbers: dots between thousands, a comma before the fraction', () => {
    expect(formatDecimal('1234567.5')).toBe('1.234.567,5');
    expect(formatDecimal('2')).toBe('2');
    expect(formatDecimal('1.5')).toBe('1,5');
    expect(formatDecimal('-1000.25')).toBe('-1.000,25');
  });

  it('keeps two places for two-place decimals (rates, tonnes)', () => {
    expect(formatDecimal('1.8', 2)).toBe('1,80');
    expect(formatDecimal('9', 2)).toBe('9,00');
  });

  it('shows nothing for no value and text it cannot read as it is', () => {
    expect(formatDecimal(null)).toBe('');
    expect(formatDecimal('')).toBe('');
    expect(formatDecimal('abc')).toBe('abc');
  });
});

describe('the declaration as a list', () => {
  it('takes its columns, filters and search from the field flags', () => {
    expect(listFields(regionResource).map((f) => f.name)).toEqual(['name', 'coefficient', 'status']);
    expect(filterFields(carrierResource).map((f) => f.name)).toEqual([
      'name',
      'voen',
      'phone',
      'address',
      'tax_payer',
      'expiry_reminders',
      'status',
    ]);
    expect(hasSearch(carrierResource)).toBe(true);
    expect(listFields(carrierResource).map((f) => f.name)).toContain('created_at');
    expect(editableFields(carrierResource).map((f) => f.name)).not.toContain('created_at');
  });

  it('shows each kind as the screen and the export write it', () => {
    const automobile: ResourceRecord = {
      id: 7,
      version: 1,
      registration_number: '10-AA-123',
      brand: 2,
      brand_name: 'Mercedes-Benz',
      seats: 18,
      load_capacity: '1.5',
      right_kind: 4,
      right_expiry_date: '2026-03-01',
      status: 0,
    };
    const text = (name: string) => cellText(field(automobileResource, name), automobile);
    expect(text('registration_number')).toBe('10-AA-123');
    expect(text('brand')).toBe('Mercedes-Benz');
    expect(text('seats')).toBe(18);
    expect(text('load_capacity')).toBe('1,50');
    expect(text('right_kind')).toBe('Barkodsuz etibarnamə');
    expect(text('right_expiry_date')).toBe('01.03.2026');
    expect(text('status')).toBe('Deaktiv');
    expect(text('model')).toBe('');
    const driver: ResourceRecord = { id: 1, version: 1, driving_category: ['B', 'C1E'] };
    expect(cellText(field(driverResource, 'driving_category'), driver)).toBe('B, C1E');
    expect(
      cellText(field(carrierResource, 'created_at'), { id: 1, version: 1, created_at: '2024-05-06T10:11:12.000Z' }),
    ).toBe('06.05.2024');
  });
});

describe('the declaration as a form', () => {
  it('starts every resource empty with status 1', () => {
    for (const resource of resources) {
      const values = initialFormValues(resource);
      expect(Object.keys(values)).toEqual(editableFields(resource).map((f) => f.name));
      if ('status' in values) expect(values.status).toBe(1);
    }
    expect(initialFormValues(driverResource).driving_category).toEqual([]);
    expect(initialFormValues(regionResource)).toEqual({ name: '', coefficient: '', status: 1 });
  });

  it('fills a record to edit: days as dates, decimals with a comma', () => {
    const values = initialFormValues(tariffResource, {
      id: 3,
      version: 1,
      fee_group: 'seat',
      rate: '1.8',
      effective_from: '2024-01-01',
      description: null,
    });
    expect(values.rate).toBe('1,8');
    expect(dayjs.isDayjs(values.effective_from) && values.effective_from.format('DD.MM.YYYY')).toBe('01.01.2024');
    expect(values.description).toBe('');
  });

  it('gives the API yyyy-mm-dd days and null for nothing chosen, which the shared schema takes', () => {
    const values = initialFormValues(driverResource);
    Object.assign(values, {
      last_name: 'Məmmədov',
      first_name: 'Orxan',
      parent_name: 'Əli',
      identity_fin_code: '5abc12d',
      driving_license_start_date: dayjs('2015-04-15'),
      driving_license_finish_date: dayjs('2025-04-15'),
      driving_category: ['B', 'C'],
    });
    const input = toApiInput(driverResource, values);
    expect(input.driving_license_start_date).toBe('2015-04-15');
    const parsed = resourceInputSchema(driverResource).safeParse(input);
    expect(parsed.success && parsed.data.identity_fin_code).toBe('5ABC12D');

    const automobile = toApiInput(automobileResource, initialFormValues(automobileResource));
    expect(automobile).toMatchObject({ brand: null, model: null, right_expiry_date: null, registration_number: '' });
  });

  it("narrows the automobile's model picker by its brand, from the models' availableBy", () => {
    expect(pickerDependencies(automobileResource, field(automobileResource, 'model'))).toEqual(['brand']);
    expect(pickerDependencies(automobileResource, field(automobileResource, 'brand'))).toEqual([]);
    expect(pickerDependencies(automobileResource, field(automobileResource, 'carrier'))).toEqual([]);
  });

  it("keeps the record's own reference by name for a picker that no longer lists it", () => {
    const brand = field(automobileResource, 'brand');
    expect(currentReference(brand, { id: 1, version: 1, brand: 4, brand_name: 'Ikarus' })).toEqual({
      id: 4,
      name: 'Ikarus',
    });
    expect(currentReference(brand, undefined)).toBeUndefined();
    expect(currentReference(brand, { id: 1, version: 1, brand: null, brand_name: null })).toBeUndefined();
  });
});

describe('defaultListColumns', () => {
  it('leaves out the columns a list hides until the person shows them, and is absent when none is hidden', () => {
    const automobiles = defaultListColumns(automobileResource)!;
    expect(automobiles).not.toContain('load_capacity');
    expect(automobiles).toEqual(expect.arrayContaining(['registration_number', 'carrier', 'status']));
    expect(defaultListColumns(regionResource)).toBeUndefined();
  });
});
