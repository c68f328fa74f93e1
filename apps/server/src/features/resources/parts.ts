import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../../lib/change-feed';
import type { Database } from '../../db/client';
import { createResourceRepository } from './repository';
import { usagesOf, type ResourceSpec } from './resource-spec';
import { createResourceService } from './service';
import { resourceSpecs, specOf } from './specs';

/** A resource's repository (with its list caches) and its service. */
export interface ResourceParts {
  repo: ReturnType<typeof createResourceRepository>;
  service: ReturnType<typeof createResourceService>;
}

/** Every declared resource's parts, keyed by its spec. */
export type ResourceCatalogue = ReadonlyMap<ResourceSpec, ResourceParts>;

/**
 * Every resource's repository and service on the app's database, made once a process by the composition root
 * (services.ts): each repository's list caches follow every change of their tables, so a copy per caller (its
 * routes, search, an import) would do that work again for each, and never stop.
 */
export function buildResourceCatalogue(db: Database, changes: ChangeFeed): ResourceCatalogue {
  return new Map(
    resourceSpecs.map((spec): [ResourceSpec, ResourceParts] => {
      const repo = createResourceRepository(spec, (key) => specOf(key as Parameters<typeof specOf>[0]), changes);
      return [spec, { repo, service: createResourceService(db, spec, repo, usagesOf(spec, resourceSpecs)) }];
    }),
  );
}

/** A resource's parts, as the composition root built them (its routes, search, an import's rows). */
export function resourceParts(app: FastifyInstance, spec: ResourceSpec): ResourceParts {
  const parts = app.services.resources.get(spec);
  if (!parts) throw new Error(`No resource parts for ${spec.definition.key}: is it in resourceSpecs?`);
  return parts;
}
