import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OnlineVehicle } from '@dnx/shared';
import { bytea, createdAt, id, version } from './columns';
import { carriers } from './fleet';
import { payments } from './payments';
import { taxPayers, transportTypes } from './reference-lists';
import { regions } from './regions';
import { users } from './users';

/** What every online request has: its tracking code, its state, who decided it and when, its region. */
const review = () => ({
  id: id(),
  /** The tracking code the carrier is given ("K7QH-3M9D-TX2P"). */
  code: text('code').notNull(),
  /** 1 new, 2 approved or accepted, 3 rejected (shared `onlineStatuses`). */
  status: smallint('status').notNull().default(1),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id, { onDelete: 'restrict' }),
  reason: text('reason'),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** The sender's address, for the audit trail. */
  ip: text('ip'),
  createdAt: createdAt(),
  version: version(),
});

/** A carrier's registration, sent through the public page (issue 14). */
export const onlineCarrierRequests = pgTable(
  'online_carrier_requests',
  {
    ...review(),
    name: text('name').notNull(),
    voen: text('voen').notNull(),
    taxPayerId: integer('tax_payer_id').references(() => taxPayers.id, { onDelete: 'set null' }),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    info: text('info').notNull().default(''),
    /** The carrier created or updated by the approval. */
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('online_carrier_requests_code_key').on(t.code),
    index('online_carrier_requests_region_id_created_at_idx').on(t.regionId, t.createdAt, t.id),
    index('online_carrier_requests_created_at_idx').on(t.createdAt, t.id),
    index('online_carrier_requests_voen_idx').on(t.voen),
    check('online_carrier_requests_status', sql`${t.status} in (1, 2, 3)`),
  ],
);

/** A request for marks for one or more vehicles; accepting it makes a payment under review. */
export const onlinePaymentRequests = pgTable(
  'online_payment_requests',
  {
    ...review(),
    ownerCode: text('owner_code').notNull(),
    ownerName: text('owner_name').notNull(),
    ownerAddress: text('owner_address').notNull().default(''),
    ownerPhone: text('owner_phone').notNull(),
    ownerEmail: text('owner_email').notNull(),
    ownerTransportTypeId: integer('owner_transport_type_id').references(() => transportTypes.id, {
      onDelete: 'set null',
    }),
    vehicles: jsonb('vehicles').$type<OnlineVehicle[]>().notNull(),
    /** The payment made of it: one at most (unique), whatever retries or races. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('online_payment_requests_code_key').on(t.code),
    uniqueIndex('online_payment_requests_payment_id_key').on(t.paymentId),
    index('online_payment_requests_region_id_created_at_idx').on(t.regionId, t.createdAt, t.id),
    index('online_payment_requests_created_at_idx').on(t.createdAt, t.id),
    index('online_payment_requests_owner_code_idx').on(t.ownerCode),
    check('online_payment_requests_status', sql`${t.status} in (1, 2, 3)`),
    check('online_payment_requests_accepted_has_payment', sql`(${t.status} = 2) = (${t.paymentId} is not null)`),
  ],
);

/** A document attached to a request: kept in the database, served only to staff who may see the request. */
export const onlineFiles = pgTable(
  'online_files',
  {
    id: id(),
    carrierRequestId: integer('carrier_request_id').references(() => onlineCarrierRequests.id, {
      onDelete: 'cascade',
    }),
    paymentRequestId: integer('payment_request_id').references(() => onlinePaymentRequests.id, {
      onDelete: 'cascade',
    }),
    /** registration_certificate or power_of_attorney. */
    kind: text('kind').notNull(),
    /** The name it was sent with, cleaned: shown and offered as the download's name, never used as a path. */
    name: text('name').notNull(),
    /** From the content (PDF, JPEG or PNG), not from the name or the sender's claim. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('online_files_carrier_request_id_idx').on(t.carrierRequestId),
    index('online_files_payment_request_id_idx').on(t.paymentRequestId),
    check('online_files_one_request', sql`num_nonnulls(${t.carrierRequestId}, ${t.paymentRequestId}) = 1`),
    check('online_files_kind', sql`${t.kind} in ('registration_certificate', 'power_of_attorney')`),
    check('online_files_type', sql`${t.contentType} in ('application/pdf', 'image/jpeg', 'image/png')`),
    check('online_files_size', sql`${t.size} between 1 and 5242880`),
  ],
);
