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
  busRouteCompanies,
  busRoutes,
  fnBatches,
  fnCoefficients,
  fnStatuses,
  onlineCarrierRequests,
  onlinePaymentRequests,
  paymentRows,
  payments,
  regions,
  routeCompanies,
  cities,
  specialTransportTypes,
  taxPayers,
  transportTypes,
  users,
} from '../../../db/schema';
import { defineResource, type Usage } from '../resource-spec';

const busRoute = 'avtobus marşrutu';

export const regionSpec = defineResource({
  definition: regionResource,
  table: regions,
  id: regions.id,
  columns: { name: regions.name, coefficient: regions.coefficient, status: regions.status },
  // Users work in a region; form batches, payments, bus routes and online requests are of one.
  usedBy: [
    { table: users, column: users.regionId, noun: 'istifadəçi' },
    { table: fnBatches, column: fnBatches.regionId, noun: 'FN buraxılışı' },
    { table: payments, column: payments.regionId, noun: 'ödəniş' },
    { table: busRoutes, column: busRoutes.regionId, noun: busRoute },
    { table: onlineCarrierRequests, column: onlineCarrierRequests.regionId, noun: 'qeydiyyat müraciəti' },
    { table: onlinePaymentRequests, column: onlinePaymentRequests.regionId, noun: 'nişan müraciəti' },
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
  usedBy: [
    { table: fnBatches, column: fnBatches.transportTypeId, noun: 'FN buraxılışı' },
    { table: paymentRows, column: paymentRows.transportTypeId, noun: 'ödəniş sətri' },
    { table: payments, column: payments.ownerTransportTypeId, noun: 'ödəniş' },
    { table: busRoutes, column: busRoutes.transportTypeId, noun: busRoute },
  ],
});

/** The lists that are a name and a status; `usedBy`: the tables besides resources whose rows name one. */
const namedList = (
  definition: typeof taxPayerResource,
  table:
    typeof taxPayers | typeof specialTransportTypes | typeof routeCompanies | typeof cities | typeof automobileBrands,
  usedBy: Usage[] = [],
) => defineResource({ definition, table, id: table.id, columns: { name: table.name, status: table.status }, usedBy });

export const specialTransportTypeSpec = namedList(specialTransportTypeResource, specialTransportTypes);
export const taxPayerSpec = namedList(taxPayerResource, taxPayers);
export const routeCompanySpec = namedList(routeCompanyResource, routeCompanies, [
  { table: busRouteCompanies, column: busRouteCompanies.companyId, noun: busRoute },
]);
export const citySpec = namedList(cityResource, cities, [
  { table: busRoutes, column: busRoutes.cityId, noun: busRoute },
  { table: busRoutes, column: busRoutes.destinationCityId, noun: `${busRoute} (təyinat)` },
]);
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
