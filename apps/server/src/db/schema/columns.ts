import { sql } from 'drizzle-orm';
import { customType, integer, smallint, timestamp, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';

/** Columns every table of this project shares. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
/** Status 1 active, 0 inactive (spec section 3). */
export const status = () => smallint('status').notNull().default(1);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Bumped by every update of an editable record: an editor's save names the version it read (lib/versioned-update.ts). */
export const version = () => integer('version').notNull().default(1);
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Names unique by their search key (az_fold, migration 0002): "İsmayıllı", "ISMAYILLI" and "ismayilli" are one. */
export const uniqueFoldedName = (table: string, name: PgColumn) =>
  uniqueIndex(`${table}_name_az_fold_key`).on(sql`az_fold(${name})`);

/** Bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both come back as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
