import { resources, type ResourceKey } from '@dnx/shared';
import type { ResourceSpec } from '../resource-spec';
import { automobileSpec, carrierSpec, driverSpec, tariffSpec } from './fleet';
import {
  automobileBrandSpec,
  automobileModelSpec,
  fnCoefficientSpec,
  fnStatusSpec,
  regionSpec,
  routeCompanySpec,
  citySpec,
  specialTransportTypeSpec,
  taxPayerSpec,
  transportTypeSpec,
} from './reference-lists';

const byKey: Record<ResourceKey, ResourceSpec> = {
  regions: regionSpec,
  'fn-statuses': fnStatusSpec,
  'fn-coefficients': fnCoefficientSpec,
  'transport-types': transportTypeSpec,
  'special-transport-types': specialTransportTypeSpec,
  'tax-payers': taxPayerSpec,
  'route-companies': routeCompanySpec,
  cities: citySpec,
  'automobile-brands': automobileBrandSpec,
  'automobile-models': automobileModelSpec,
  carriers: carrierSpec,
  drivers: driverSpec,
  automobiles: automobileSpec,
  tariffs: tariffSpec,
};

/** The server's declaration of every shared resource, in the shared menu order. */
export const resourceSpecs: readonly ResourceSpec[] = resources.map((r) => byKey[r.key]);

export const specOf = (key: ResourceKey): ResourceSpec => byKey[key];
