import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { id, status, uniqueFoldedName, version } from './columns';

export const regions = pgTable(
  'regions',
  {
    id: id(),
    name: text('name').notNull(),
    /** Regional coefficient of Tax Code art. 220.6, exact decimal. */
    coefficient: numeric('coefficient', { precision: 8, scale: 4 }).notNull().default('1'),
    status: status(),
    version: version(),
  },
  (t) => [uniqueFoldedName('regions', t.name), check('regions_coefficient_positive', sql`${t.coefficient} > 0`)],
);
