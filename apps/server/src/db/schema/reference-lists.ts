import { index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { id, status } from './columns';

/** Reference lists of spec section 3 that are a name and a status. */
const namedList = (name: string) =>
  pgTable(name, {
    id: id(),
    name: text('name').notNull(),
    status: status(),
  });

export const specialTransportTypes = namedList('special_transport_types');
export const taxPayers = namedList('tax_payers');
export const routeCompanies = namedList('route_companies');
export const automobileBrands = namedList('automobile_brands');

export const fnStatuses = pgTable('fn_statuses', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: status(),
});

export const fnCoefficients = pgTable('fn_coefficients', {
  id: id(),
  coefficient: numeric('coefficient', { precision: 8, scale: 4 }).notNull(),
  description: text('description').notNull().default(''),
  status: status(),
});

/** Fee group of a transport type decides how a payment row's fee is computed (decisions.md section 4). */
export const feeGroups = ['seat', 'load', 'flat'] as const;
export type FeeGroup = (typeof feeGroups)[number];

export const transportTypes = pgTable('transport_types', {
  id: id(),
  name: text('name').notNull(),
  feeGroup: text('fee_group').$type<FeeGroup>().notNull().default('seat'),
  status: status(),
});

export const automobileModels = pgTable(
  'automobile_models',
  {
    id: id(),
    name: text('name').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => automobileBrands.id, { onDelete: 'restrict' }),
    status: status(),
  },
  (t) => [index('automobile_models_brand_id_idx').on(t.brandId)],
);
