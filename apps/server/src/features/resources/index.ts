// What other features may use of this one (issue 42): lint refuses an import of its inside from another feature.
export { resourceParts, type ResourceCatalogue } from './parts';
export { labelOf, type ResourceRepository } from './repository';
export type { ResourceSpec } from './resource-spec';
export { resourceSpecs, specOf } from './specs';
