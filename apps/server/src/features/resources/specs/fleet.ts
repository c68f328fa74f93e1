import {
  automobileResource,
  carrierResource,
  drivingCategories,
  driverResource,
  resourceMessages as m,
  tariffResource,
} from '@dnx/shared';
import { and, eq, sql } from 'drizzle-orm';
import { automobileModels, automobiles, carriers, drivers, tariffs } from '../../../db/schema';
import { defineResource, type FieldErrors } from '../resource-spec';

export const carrierSpec = defineResource({
  definition: carrierResource,
  table: carriers,
  id: carriers.id,
  sortKeys: { tax_payer: carriers.taxPayerSort },
  columns: {
    name: carriers.name,
    voen: carriers.voen,
    phone: carriers.phone,
    address: carriers.address,
    tax_payer: carriers.taxPayerId,
    info: carriers.info,
    email: carriers.email,
    expiry_reminders: carriers.expiryReminders,
    status: carriers.status,
    created_at: carriers.createdAt,
  },
  rowCounter: true,
  unique: [{ index: 'carriers_voen_key', field: 'voen', message: m.voenTaken }],
});

export const driverSpec = defineResource({
  definition: driverResource,
  table: drivers,
  id: drivers.id,
  columns: {
    last_name: drivers.lastName,
    first_name: drivers.firstName,
    parent_name: drivers.parentName,
    identity_fin_code: drivers.identityFinCode,
    driving_license_number: drivers.drivingLicenseNumber,
    driving_license_start_date: drivers.drivingLicenseStartDate,
    driving_license_finish_date: drivers.drivingLicenseFinishDate,
    driving_category: drivers.drivingCategory,
    status: drivers.status,
  },
  searchKey: drivers.searchKey,
  rowCounter: true,
  // Pickers show the whole name, as on the identity card.
  label: sql`${drivers.lastName} || ' ' || ${drivers.firstName} || ' ' || ${drivers.parentName}`,
  unique: [
    { index: 'drivers_identity_fin_code_key', field: 'identity_fin_code', message: m.finTaken },
    { index: 'drivers_driving_license_number_key', field: 'driving_license_number', message: m.licenceNumberTaken },
  ],
  hooks: {
    // Categories once each, in the licence's order, so equal licences read and audit alike.
    prepare: (input) => {
      const chosen = new Set(input.driving_category as string[]);
      return { ...input, driving_category: drivingCategories.filter((c) => chosen.has(c)) };
    },
    constraintErrors: {
      drivers_license_finish_after_start: { field: 'driving_license_finish_date', message: m.licenceFinishBeforeStart },
    },
  },
});

export const automobileSpec = defineResource({
  definition: automobileResource,
  table: automobiles,
  id: automobiles.id,
  sortKeys: { brand: automobiles.brandSort, model: automobiles.modelSort, carrier: automobiles.carrierSort },
  columns: {
    registration_number: automobiles.registrationNumber,
    brand: automobiles.brandId,
    model: automobiles.modelId,
    seats: automobiles.seats,
    load_capacity: automobiles.loadCapacity,
    carrier: automobiles.carrierId,
    right_kind: automobiles.rightKind,
    right_expiry_date: automobiles.rightExpiryDate,
    status: automobiles.status,
  },
  searchKey: automobiles.searchKey,
  rowCounter: true,
  unique: [{ index: 'automobiles_registration_number_key', field: 'registration_number', message: m.plateTaken }],
  hooks: {
    async check(db, input): Promise<FieldErrors> {
      const [model] = await db
        .select({ id: automobileModels.id })
        .from(automobileModels)
        .where(and(eq(automobileModels.id, Number(input.model)), eq(automobileModels.brandId, Number(input.brand))));
      return model ? {} : { model: [m.modelNotOfBrand] };
    },
    constraintErrors: { automobiles_model_of_brand_fk: { field: 'model', message: m.modelNotOfBrand } },
  },
});

export const tariffSpec = defineResource({
  definition: tariffResource,
  table: tariffs,
  id: tariffs.id,
  columns: {
    fee_group: tariffs.feeGroup,
    rate: tariffs.rate,
    effective_from: tariffs.effectiveFrom,
    description: tariffs.description,
  },
  label: sql`${tariffs.feeGroup} || ' ' || ${tariffs.rate}::text || ' (' || ${tariffs.effectiveFrom}::text || ')'`,
  // One rate per fee group and day, so the rate in force on a date is never ambiguous.
  unique: [
    {
      index: 'tariffs_fee_group_effective_from_key',
      field: 'effective_from',
      message: m.tariffDateTaken,
      within: ['fee_group'],
    },
  ],
});
