import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, version } from './columns';
import { fnForms } from './fn';
import { transportTypes } from './reference-lists';
import { regions } from './regions';
import { users } from './users';

/**
 * Fee payments against forms (issue 13, decisions.md "Payments"). Money is numeric(12,2), never a float. A form is
 * held by at most one payment that is not cancelled: `cancelled` is generated from the status, copied onto every
 * row by a foreign key ON UPDATE CASCADE, and a partial unique index on the rows' form refuses a second holder.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    ownerCode: text('owner_code').notNull(),
    ownerCategory: smallint('owner_category'),
    ownerName: text('owner_name').notNull(),
    ownerAddress: text('owner_address').notNull().default(''),
    ownerPhone: text('owner_phone').notNull().default(''),
    ownerTransportTypeId: integer('owner_transport_type_id').references(() => transportTypes.id, {
      onDelete: 'restrict',
    }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    mdsshNumber: text('mdssh_number').notNull().default(''),
    mdsshDate: date('mdssh_date'),
    mdsshAmount: numeric('mdssh_amount', { precision: 12, scale: 2 }),
    itsdaNumber: text('itsda_number').notNull().default(''),
    itsdaDate: date('itsda_date'),
    itsdaAmount: numeric('itsda_amount', { precision: 12, scale: 2 }),
    paymentReceiptNumber: text('payment_receipt_number'),
    paymentReceiptDate: date('payment_receipt_date'),
    /** What `search=` reads: the payer's name and VÖEN and the receipt, folded once on write (migration 0048). */
    searchKey: text('search_key').generatedAlwaysAs(
      sql.raw(`az_fold(owner_name || ' ' || owner_code || ' ' || coalesce(payment_receipt_number, ''))`),
    ),
    /** 1 under review, 2 awaiting payment, 3 paid, 4 cancelled. */
    status: smallint('status').notNull().default(1),
    /** Kept by the database from the status; the rows follow it (payment_rows_payment_cancelled_fk). */
    cancelled: boolean('cancelled')
      .notNull()
      .generatedAlwaysAs(sql`status = 4`),
    /** The day whose tariffs priced the rows (the day of the create or of the last edit). */
    pricedOn: date('priced_on').notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    /** The public check's code: 160 random bits, base64url (receipt.ts createVerifyCode). */
    verifyCode: text('verify_code').notNull(),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    statusBy: integer('status_by').references(() => users.id, { onDelete: 'set null' }),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('payments_payment_receipt_number_key').on(t.paymentReceiptNumber),
    uniqueIndex('payments_verify_code_key').on(t.verifyCode),
    // Target of the rows' (payment_id, cancelled) key.
    unique('payments_id_cancelled_key').on(t.id, t.cancelled),
    index('payments_region_id_idx').on(t.regionId, t.id),
    index('payments_status_idx').on(t.status, t.id),
    index('payments_owner_code_idx').on(t.ownerCode),
    index('payments_created_at_idx').on(t.createdAt, t.id),
    // A status within days of creation: the home's payments of today and of this month, and the list's filters.
    index('payments_status_created_at_idx').on(t.status, t.createdAt),
    index('payments_owner_transport_type_id_idx').on(t.ownerTransportTypeId),
    index('payments_created_by_idx').on(t.createdBy),
    index('payments_status_by_idx').on(t.statusBy),
    check('payments_status_known', sql`${t.status} between 1 and 4`),
    check('payments_owner_category_known', sql`${t.ownerCategory} is null or ${t.ownerCategory} in (1, 2)`),
    check('payments_total_not_negative', sql`${t.total} >= 0`),
    check(
      'payments_amounts_not_negative',
      sql`coalesce(${t.mdsshAmount}, 0) >= 0 and coalesce(${t.itsdaAmount}, 0) >= 0`,
    ),
    check(
      'payments_paid_has_receipt',
      sql`${t.status} <> 3 or (${t.paymentReceiptNumber} is not null and ${t.paymentReceiptDate} is not null)`,
    ),
    check('payments_verify_code_format', sql`${t.verifyCode} ~ '^[A-Za-z0-9_-]{27}$'`),
  ],
);

/** One vehicle row of a payment: the form it uses, what the form sent, the price and what priced it. */
export const paymentRows = pgTable(
  'payment_rows',
  {
    id: id(),
    paymentId: integer('payment_id').notNull(),
    /** The payment's cancelled flag, kept equal by the foreign key below (ON UPDATE CASCADE). */
    cancelled: boolean('cancelled').notNull().default(false),
    position: smallint('position').notNull(),
    formId: integer('form_id')
      .notNull()
      .references(() => fnForms.id, { onDelete: 'restrict' }),
    plate: text('plate').notNull(),
    baseCarrierPin: text('base_carrier_pin').notNull().default(''),
    brandModel: text('brand_model').notNull().default(''),
    seatsCount: integer('seats_count').notNull().default(0),
    loadCarryingCapacity: numeric('load_carrying_capacity', { precision: 12, scale: 2 }).notNull().default('0'),
    busType: text('bus_type').notNull().default(''),
    rightOfUse: smallint('right_of_use'),
    rightOfUseExpireDate: date('right_of_use_expire_date'),
    trailerPlate: text('trailer_plate').notNull().default(''),
    trailerLoadCarryingCapacity: numeric('trailer_load_carrying_capacity', { precision: 12, scale: 2 })
      .notNull()
      .default('0'),
    countVehicleLoad: boolean('count_vehicle_load').notNull().default(true),
    inspectorId: integer('inspector_id').references(() => users.id, { onDelete: 'restrict' }),
    busRouteName: text('bus_route_name').notNull().default(''),
    busRouteNumber: text('bus_route_number').notNull().default(''),
    driverFin: text('driver_fin').notNull().default(''),
    driverFullName: text('driver_full_name').notNull().default(''),
    drivingLicenseNumber: text('driving_license_number').notNull().default(''),
    drivingLicenseCategories: jsonb('driving_license_categories').$type<string[]>().notNull().default([]),
    drivingLicenseExpireDate: date('driving_license_expire_date'),
    workSectors: text('work_sectors').notNull().default(''),
    transportTypeId: integer('transport_type_id')
      .notNull()
      .references(() => transportTypes.id, { onDelete: 'restrict' }),
    serviceErrors: jsonb('service_errors').$type<string[]>().notNull().default([]),
    // The price and its snapshot: what priced it, kept whatever happens to the tariffs later (no foreign key).
    taxPrice: numeric('tax_price', { precision: 12, scale: 2 }).notNull(),
    tariffId: integer('tariff_id'),
    tariffRate: numeric('tariff_rate', { precision: 12, scale: 2 }).notNull(),
    tariffEffectiveFrom: date('tariff_effective_from').notNull(),
    feeGroup: text('fee_group').notNull(),
    units: numeric('units'),
    coefficient: numeric('coefficient').notNull(),
    months: smallint('months').notNull(),
    /** Set when paid: the form's validity (shared validityOf). */
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
  },
  (t) => [
    foreignKey({
      columns: [t.paymentId, t.cancelled],
      foreignColumns: [payments.id, payments.cancelled],
      name: 'payment_rows_payment_cancelled_fk',
    })
      .onUpdate('cascade')
      .onDelete('restrict'),
    // A form is held by at most one payment that is not cancelled.
    uniqueIndex('payment_rows_form_held_key')
      .on(t.formId)
      .where(sql`not ${t.cancelled}`),
    index('payment_rows_payment_id_idx').on(t.paymentId, t.position),
    index('payment_rows_form_id_idx').on(t.formId),
    // The search palette's plate: the payments naming an automobile (issue 29).
    index('payment_rows_plate_idx').on(t.plate),
    index('payment_rows_inspector_id_idx').on(t.inspectorId),
    index('payment_rows_transport_type_id_idx').on(t.transportTypeId),
    check('payment_rows_months_known', sql`${t.months} in (1, 3, 6, 12)`),
    check('payment_rows_tax_price_not_negative', sql`${t.taxPrice} >= 0`),
    check('payment_rows_fee_group_known', sql`${t.feeGroup} in ('seat', 'load', 'flat')`),
  ],
);
