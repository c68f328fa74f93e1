import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, status, uniqueFoldedName, version } from './columns';

/** Reference lists of spec section 3 that are a name and a status; names unique by their search key. */
const namedList = (name: string) =>
  pgTable(
    name,
    {
      id: id(),
      name: text('name').notNull(),
      status: status(),
      version: version(),
    },
    (t) => [uniqueFoldedName(name, t.name)],
  );

export const specialTransportTypes = namedList('special_transport_types');
export const taxPayers = namedList('tax_payers');
export const routeCompanies = namedList('route_companies');
export const cities = namedList('cities');
export const automobileBrands = namedList('automobile_brands');

export const fnStatuses = pgTable(
  'fn_statuses',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: status(),
    version: version(),
  },
  (t) => [uniqueFoldedName('fn_statuses', t.name)],
);

export const fnCoefficients = pgTable(
  'fn_coefficients',
  {
    id: id(),
    coefficient: numeric('coefficient', { precision: 8, scale: 4 }).notNull(),
    description: text('description').notNull().default(''),
    status: status(),
    version: version(),
  },
  (t) => [check('fn_coefficients_coefficient_positive', sql`${t.coefficient} > 0`)],
);

/** Fee group of a transport type decides how a payment row's fee is computed (decisions.md section 4). */
export const feeGroups = ['seat', 'load', 'flat'] as const;
export type FeeGroup = (typeof feeGroups)[number];

export const transportTypes = pgTable(
  'transport_types',
  {
    id: id(),
    name: text('name').notNull(),
    feeGroup: text('fee_group').$type<FeeGroup>().notNull().default('seat'),
    status: status(),
    version: version(),
  },
  (t) => [uniqueFoldedName('transport_types', t.name)],
);

export const automobileModels = pgTable(
  'automobile_models',
  {
    id: id(),
    name: text('name').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => automobileBrands.id, { onDelete: 'restrict' }),
    /** az_sort_key of the brand's name, kept by triggers (migration 0013): ordering by it reads an index. */
    brandSort: text('brand_sort'),
    status: status(),
    version: version(),
  },
  (t) => [
    index('automobile_models_brand_id_idx').on(t.brandId),
    // A model's name is unique within its brand.
    uniqueIndex('automobile_models_brand_id_name_az_fold_key').on(t.brandId, sql`az_fold(${t.name})`),
    // Target of the automobiles' (model_id, brand_id) key: an automobile's model belongs to its brand.
    unique('automobile_models_id_brand_id_key').on(t.id, t.brandId),
  ],
);
