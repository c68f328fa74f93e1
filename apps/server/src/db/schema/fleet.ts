import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, status, version } from './columns';
import { automobileBrands, automobileModels, taxPayers } from './reference-lists';

/**
 * Carriers, drivers, automobiles and tariffs (spec section 3, decisions.md section 4). Search (trigram) and
 * Azerbaijani sort indexes of the long lists, and their row counters, are raw SQL in migration 0008, as
 * drizzle-kit cannot write them.
 */

/** Carriers: the owners that pay for forms (spec section 3). */
export const carriers = pgTable(
  'carriers',
  {
    id: id(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    /** VÖEN, 10 digits; unique. */
    voen: text('voen').notNull(),
    taxPayerId: integer('tax_payer_id').references(() => taxPayers.id, { onDelete: 'restrict' }),
    /** az_sort_key of the tax payer's name, kept by triggers (migration 0013): ordering by it reads an index. */
    taxPayerSort: text('tax_payer_sort'),
    info: text('info').notNull().default(''),
    /** Where the reminders of forms about to expire go (issue 26); empty: none are sent. */
    email: text('email').notNull().default(''),
    /** 1: reminders are sent 30 and 7 days before a form expires; 0: the carrier opted out. */
    expiryReminders: smallint('expiry_reminders').notNull().default(1),
    /** The secret of the carrier's opt-out link in each reminder; never answered by the API. */
    reminderToken: text('reminder_token')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    status: status(),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    index('carriers_tax_payer_id_idx').on(t.taxPayerId),
    uniqueIndex('carriers_voen_key').on(t.voen),
    index('carriers_created_at_idx').on(t.createdAt, t.id),
    uniqueIndex('carriers_reminder_token_key').on(t.reminderToken),
    check('carriers_expiry_reminders', sql`${t.expiryReminders} in (0, 1)`),
  ],
);

export const drivers = pgTable(
  'drivers',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    parentName: text('parent_name').notNull(),
    /** Identity card FIN code, 7 upper-case letters or digits; unique. */
    identityFinCode: text('identity_fin_code').notNull(),
    /** Driving licence number "AB123456" (the registry's licence lookup); empty when not known. */
    drivingLicenseNumber: text('driving_license_number').notNull().default(''),
    drivingLicenseStartDate: date('driving_license_start_date').notNull(),
    drivingLicenseFinishDate: date('driving_license_finish_date').notNull(),
    drivingCategory: text('driving_category').array().notNull(),
    status: status(),
    version: version(),
    /** What `search=` reads: the searched fields folded once on write (az_fold), trigram-indexed in migration 0008. */
    searchKey: text('search_key').generatedAlwaysAs(
      sql.raw(`az_fold(last_name || ' ' || first_name || ' ' || parent_name || ' ' || identity_fin_code)`),
    ),
  },
  (t) => [
    uniqueIndex('drivers_identity_fin_code_key').on(t.identityFinCode),
    uniqueIndex('drivers_driving_license_number_key')
      .on(t.drivingLicenseNumber)
      .where(sql`${t.drivingLicenseNumber} <> ''`),
    index('drivers_driving_license_start_date_idx').on(t.drivingLicenseStartDate, t.id),
    index('drivers_driving_license_finish_date_idx').on(t.drivingLicenseFinishDate, t.id),
    check('drivers_license_finish_after_start', sql`${t.drivingLicenseFinishDate} > ${t.drivingLicenseStartDate}`),
  ],
);

export const automobiles = pgTable(
  'automobiles',
  {
    id: id(),
    /** Written "10-AA-123"; unique. */
    registrationNumber: text('registration_number').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => automobileBrands.id, { onDelete: 'restrict' }),
    modelId: integer('model_id').notNull(),
    seats: integer('seats').notNull().default(0),
    /** Tonnes, exact decimal. */
    loadCapacity: numeric('load_capacity', { precision: 10, scale: 2 }).notNull().default('0'),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'restrict' }),
    /** Kind of right to use (spec section 3 ids 1, 2, 4, 3). */
    rightKind: smallint('right_kind').notNull(),
    rightExpiryDate: date('right_expiry_date'),
    /** az_sort_key of the brand's, model's and carrier's names, kept by triggers (migration 0013). */
    brandSort: text('brand_sort'),
    modelSort: text('model_sort'),
    carrierSort: text('carrier_sort'),
    status: status(),
    version: version(),
    /** What `search=` reads, folded once on write; trigram-indexed in migration 0008. */
    searchKey: text('search_key').generatedAlwaysAs(sql.raw(`az_fold(registration_number)`)),
  },
  (t) => [
    index('automobiles_brand_id_idx').on(t.brandId),
    index('automobiles_model_id_idx').on(t.modelId),
    index('automobiles_carrier_id_idx').on(t.carrierId),
    uniqueIndex('automobiles_registration_number_key').on(t.registrationNumber),
    index('automobiles_seats_idx').on(t.seats, t.id),
    index('automobiles_load_capacity_idx').on(t.loadCapacity, t.id),
    index('automobiles_right_expiry_date_idx').on(t.rightExpiryDate, t.id),
    // The model must be one of the brand's: the database keeps the pair, not only the service.
    foreignKey({
      name: 'automobiles_model_of_brand_fk',
      columns: [t.modelId, t.brandId],
      foreignColumns: [automobileModels.id, automobileModels.brandId],
    }).onDelete('restrict'),
    check('automobiles_seats_not_negative', sql`${t.seats} >= 0`),
    check('automobiles_load_capacity_not_negative', sql`${t.loadCapacity} >= 0`),
    check('automobiles_right_kind_known', sql`${t.rightKind} in (1, 2, 3, 4)`),
  ],
);

/** Monthly rates of the simplified tax by fee group, each with the date it takes effect (decisions.md section 4). */
export const tariffs = pgTable(
  'tariffs',
  {
    id: id(),
    feeGroup: text('fee_group').notNull(),
    /** Manat per month, exact decimal. */
    rate: numeric('rate', { precision: 12, scale: 2 }).notNull(),
    effectiveFrom: date('effective_from').notNull(),
    description: text('description').notNull().default(''),
    version: version(),
  },
  (t) => [
    // One rate per group and day: the rate in force on a date is then never ambiguous.
    uniqueIndex('tariffs_fee_group_effective_from_key').on(t.feeGroup, t.effectiveFrom),
    index('tariffs_effective_from_idx').on(t.effectiveFrom, t.id),
    check('tariffs_rate_not_negative', sql`${t.rate} >= 0`),
    check('tariffs_fee_group_known', sql`${t.feeGroup} in ('seat', 'load', 'flat')`),
  ],
);
