import { integer, smallint, timestamp } from 'drizzle-orm/pg-core';

/** Columns every table of this project shares. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
/** Status 1 active, 0 inactive (spec section 3). */
export const status = () => smallint('status').notNull().default(1);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
