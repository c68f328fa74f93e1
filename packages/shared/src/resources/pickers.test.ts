import { describe, expect, it } from 'vitest';
import { meetsRequirement } from '../access/permissions';
import { appRoutes } from '../navigation/app-routes';
import { resources } from './definitions';
import { pickerRequirement, pickerScreens } from './pickers';

describe('picker access', () => {
  it('"any of" needs one code, "all of" every code, an empty "all of" none', () => {
    expect(meetsRequirement(['view_user'], { anyOf: ['view_user', 'add_user'] })).toBe(true);
    expect(meetsRequirement(['view_region'], { anyOf: ['view_user', 'add_user'] })).toBe(false);
    expect(meetsRequirement([], { anyOf: [] })).toBe(false);
    expect(meetsRequirement(['view_user'], { permissions: ['view_user', 'add_user'] })).toBe(false);
    expect(meetsRequirement(new Set(['view_user', 'add_user']), { permissions: ['view_user', 'add_user'] })).toBe(true);
    expect(meetsRequirement([], { permissions: [] })).toBe(true);
  });

  it('names the screens of each reference field and the users screens for regions', () => {
    expect(pickerScreens('regions')).toEqual([
      'users',
      'user-create',
      'user-edit',
      'new-fn',
      'new-fn-create',
      'report-form',
      'general-report',
      'fn-reconciliation',
      'general-fn',
      'bus-routes',
    ]);
    expect(pickerScreens('carriers')).toEqual(['automobiles', 'automobiles-create', 'automobiles-edit']);
    expect(pickerScreens('drivers')).toEqual([]);
    expect(pickerRequirement('drivers')).toEqual({ anyOf: ['view_driver'] });
    expect(pickerRequirement('regions')).toEqual({
      anyOf: [
        'add_fnbatch',
        'add_user',
        'change_user',
        'view_busroute',
        'view_fnbatch',
        'view_general_fn',
        'view_region',
        'view_report',
        'view_user',
      ],
    });
    // The registry of every form (general-fn, A-F) and the reconciliation filter by transport type: every role
    // reads the picker.
    expect(pickerRequirement('transport-types')).toEqual({
      anyOf: [
        'add_busroute',
        'add_fnbatch',
        'change_busroute',
        'view_busroute',
        'view_fnbatch',
        'view_general_fn',
        'view_report',
        'view_transporttype',
      ],
    });
    // The bus route screens (A, B, D, E, F) read the cities and companies their filters and form show (issue 15).
    expect(pickerRequirement('cities')).toEqual({
      anyOf: ['add_busroute', 'change_busroute', 'view_busroute', 'view_city'],
    });
    expect(pickerScreens('route-companies')).toEqual(['bus-routes', 'bus-routes-create', 'bus-routes-edit']);
    // The form batch screens (A, B, F) read the pickers their filters and form show.
    expect(pickerRequirement('fn-coefficients')).toEqual({
      anyOf: ['add_fnbatch', 'view_fnbatch', 'view_fncoefficient'],
    });
  });

  it('lets in whoever may open a screen that shows the picker', () => {
    for (const resource of resources) {
      const requirement = pickerRequirement(resource.key);
      for (const screen of pickerScreens(resource.key)) {
        const route = appRoutes.find((r) => r.key === screen)!;
        expect(meetsRequirement(route.permissions, requirement), `${resource.key} on ${screen}`).toBe(true);
      }
    }
  });
});
