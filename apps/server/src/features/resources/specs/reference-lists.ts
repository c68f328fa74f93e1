import {
  automobileBrandResource,
  automobileModelResource,
  fnCoefficientResource,
  fnStatusResource,
  regionResource,
  resourceMessages as m,
  routeCompanyResource,
  cityResource,
  specialTransportTypeResource,
  taxPayerResource,
  transportTypeResource,
} from '@dnx/shared';
import {
  automobileBrands,
  automobileModels,
  fnBatches,
  fnCoefficients,
  fnStatuses,
  regions,
  routeCompanies,
  cities,
  specialTransportTypes,
  taxPayers,
  transportTypes,
  users,
} from '../../../db/schema';
import { defineResource } from '../resource-spec';

export const regionSpec = defineResource({
  definition: regionResource,
  table: regions,
  id: regions.id,
  columns: { name: regions.name, coefficient: regions.coefficient, status: regions.status },
  // Users work in a region (and later form batches and payments are of one).
  usedBy: [
    { table: users, column: users.regionId, noun: 'istifadəçi' },
    { table: fnBatches, column: fnBatches.regionId, noun: 'FN buraxılışı' },
  ],
});

export const fnStatusSpec = defineResource({
  definition: fnStatusResource,
  table: fnStatuses,
  id: fnStatuses.id,
  columns: { name: fnStatuses.name, description: fnStatuses.description, status: fnStatuses.status },
});

export const fnCoefficientSpec = defineResource({
  definition: fnCoefficientResource,
  table: fnCoefficients,
  id: fnCoefficients.id,
  columns: {
    coefficient: fnCoefficients.coefficient,
    description: fnCoefficients.description,
    status: fnCoefficients.status,
  },
  usedBy: [{ table: fnBatches, column: fnBatches.coefficientId, noun: 'FN buraxılışı' }],
});

export const transportTypeSpec = defineResource({
  definition: transportTypeResource,
  table: transportTypes,
  id: transportTypes.id,
  columns: { name: transportTypes.name, fee_group: transportTypes.feeGroup, status: transportTypes.status },
  usedBy: [{ table: fnBatches, column: fnBatches.transportTypeId, noun: 'FN buraxılışı' }],
});

/** The lists that are a name and a status. */
const namedList = (
  definition: typeof taxPayerResource,
  table:
    typeof taxPayers | typeof specialTransportTypes | typeof routeCompanies | typeof cities | typeof automobileBrands,
) => defineResource({ definition, table, id: table.id, columns: { name: table.name, status: table.status } });

export const specialTransportTypeSpec = namedList(specialTransportTypeResource, specialTransportTypes);
export const taxPayerSpec = namedList(taxPayerResource, taxPayers);
export const routeCompanySpec = namedList(routeCompanyResource, routeCompanies);
export const citySpec = namedList(cityResource, cities);
export const automobileBrandSpec = namedList(automobileBrandResource, automobileBrands);

export const automobileModelSpec = defineResource({
  definition: automobileModelResource,
  table: automobileModels,
  id: automobileModels.id,
  sortKeys: { brand: automobileModels.brandSort },
  columns: { name: automobileModels.name, brand: automobileModels.brandId, status: automobileModels.status },
  // The name is unique within its brand: "Sprinter" may exist once per brand.
  unique: [
    {
      index: 'automobile_models_brand_id_name_az_fold_key',
      field: 'name',
      message: m.nameTaken,
      folded: true,
      within: ['brand'],
    },
  ],
  hooks: {
    // Automobiles keep (model, brand) pairs: a model in use cannot move to another brand.
    constraintErrors: { automobiles_model_of_brand_fk: { field: 'brand', message: m.modelBrandLocked } },
  },
});
