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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id } from './columns';
import { fnForms } from './fn';
import { payments } from './payments';
import { transportTypes } from './reference-lists';
import { users } from './users';

/*
 * In a file of its own (issue 42): a payment's rows reference both the payments and the forms, and the forms
 * reference their payment, so with the rows beside the payments the two schema files imported each other.
 */
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
