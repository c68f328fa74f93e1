import {
  carrierResource,
  regionResource,
  resources,
  specialTransportTypeResource,
  transportTypeResource,
} from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import {
  createPath,
  editPath,
  formTargetOf,
  listPath,
  listResourceOf,
  resourceFormRouteKeys,
  resourceListRouteKeys,
} from './resource-routes';

describe('resource routes', () => {
  it('serves every resource by its list, create and edit route keys', () => {
    for (const resource of resources) {
      expect(listResourceOf(resource.routes.list)).toBe(resource);
      expect(resourceListRouteKeys).toContain(resource.routes.list);
      expect(resourceFormRouteKeys).toEqual(expect.arrayContaining([resource.routes.create, resource.routes.edit]));
    }
    expect(resourceListRouteKeys).toHaveLength(resources.length);
    expect(listResourceOf('users')).toBeUndefined();
  });

  it('opens a form to create or to edit a record', () => {
    expect(formTargetOf('region-create', undefined, null)).toEqual({ resource: regionResource, id: null });
    expect(formTargetOf('region-edit', '12', null)).toEqual({ resource: regionResource, id: 12 });
    expect(formTargetOf('region-edit', 'abc', null)).toBeUndefined();
    expect(formTargetOf('region-edit', 'new', null)).toBeUndefined();
    expect(formTargetOf('user-edit', '1', null)).toBeUndefined();
  });

  it('creates and edits carriers on carrier-form/:pk (carrier-form/new creates)', () => {
    expect(formTargetOf('carrier-form', 'new', null)).toEqual({ resource: carrierResource, id: null });
    expect(formTargetOf('carrier-form', '5', null)).toEqual({ resource: carrierResource, id: 5 });
    expect(createPath(carrierResource)).toBe('/app/carrier-form/new');
    expect(editPath(carrierResource, 5)).toBe('/app/carrier-form/5');
  });

  it('tells the two resources of transport-types-edit apart by ?resource=', () => {
    expect(formTargetOf('transport-types-edit', '3', null)).toEqual({ resource: transportTypeResource, id: 3 });
    expect(formTargetOf('transport-types-edit', '3', 'special-transport-types')).toEqual({
      resource: specialTransportTypeResource,
      id: 3,
    });
    expect(editPath(transportTypeResource, 3)).toBe('/app/transport-types-edit/3');
    expect(editPath(specialTransportTypeResource, 3)).toBe(
      '/app/transport-types-edit/3?resource=special-transport-types',
    );
    expect(createPath(specialTransportTypeResource)).toBe('/app/special-transport-types-create');
    expect(listPath(specialTransportTypeResource)).toBe('/app/special-transport-types');
  });
});
