import { numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { id, status } from './columns';

export const regions = pgTable('regions', {
  id: id(),
  name: text('name').notNull(),
  /** Regional coefficient of Tax Code art. 220.6, exact decimal. */
  coefficient: numeric('coefficient', { precision: 8, scale: 4 }).notNull().default('1'),
  status: status(),
});
