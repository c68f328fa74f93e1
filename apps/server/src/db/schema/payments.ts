import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, version } from './columns';
import { transportTypes } from './reference-lists';
import { regions } from './regions';
import { users } from './users';

/**
 * A receipt's key as the database computes it (issue 57), the very steps of shared `bankFold` and `receiptKey`: `№` a
 * separator, NFKC, Azerbaijani folding (az_fold), every character but a-z and 0-9 a separator, the leading zeros of
 * a digit run dropped, the tokens joined. `DEMO-0001`, `demo 0001` and `DEMO/1` are all `demo1`.
 */
export const bankReceiptKeySql = (column: string) =>
  `replace(btrim(regexp_replace(regexp_replace(lower(az_fold(normalize(replace(${column}, '№', ' '), NFKC))), ` +
  `'[^a-z0-9]+', ' ', 'g'), '(^|[^0-9])0+([0-9])', '\\1\\2', 'g')), ' ', '')`;

/**
 * Fee payments against forms (docs/decisions/0028-payments-server.md). Money is numeric(12,2), never a float. A form is
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
    /** The receipt's key a bank's text names it by (issue 57): matched against the keys of a credit's texts. */
    receiptKey: text('receipt_key').generatedAlwaysAs(sql.raw(bankReceiptKeySql('payment_receipt_number'))),
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
    // A credit's text finds its receipts by key (issue 57): set-based, one index lookup per key.
    index('payments_receipt_key_idx').on(t.receiptKey),
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
