import { busRouteCreateSchema, busRouteMessages, type BusRoute } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { emptyBusRoute, fareText, fieldErrors, fieldPath, routeFormValues, toApiInput } from './form-values';

const route: BusRoute = {
  id: 7,
  transport_type: 1,
  transport_type_name: 'Avtobus',
  name: 'Sahil - Gənclik',
  number: '12A',
  region: 2,
  region_name: 'Gəncə',
  city: 3,
  city_name: 'Gəncə',
  destination_city: 3,
  destination_city_name: 'Gəncə',
  cover: 'Şəhərdaxili',
  route_length_straight: '12.5',
  route_length_versa: '1234',
  stops_number_straight: 3,
  stops_number_versa: 3,
  start_time: null,
  finish_time: '23:00',
  one_period_time: null,
  interval: 10,
  fare: '0.4',
  route_companies: [{ id: 5, name: 'Bakubus' }],
  route_points: [{ name: 'Sahil', lat: '40.3', lng: '49.8' }],
  description: '',
  status: 1,
  created_at: '2026-01-01T08:00:00Z',
  updated_at: '2026-01-01T08:00:00Z',
  version: 1,
};

const values0 = () => routeFormValues(route);

describe('bus route form values', () => {
  it('shows decimals with a comma and money with two places', () => {
    const values = routeFormValues(route);
    expect(values.fare).toBe('0,40');
    expect(values.route_length_straight).toBe('12,5');
    expect(values.route_length_versa).toBe('1234');
    expect(values.start_time).toBe('');
    expect(values.route_companies).toEqual([5]);
    expect(fareText('1.5')).toBe('1,50');
    expect(fareText('3')).toBe('3,00');
  });

  it('gives the shared schema what it reads back: "0,40" becomes "0.40", no time null', () => {
    const parsed = busRouteCreateSchema.parse(toApiInput(routeFormValues(route)));
    expect(parsed.fare).toBe('0.4');
    expect(parsed.start_time).toBeNull();
    expect(parsed.finish_time).toBe('23:00');
    expect(values0().route_points).toEqual([{ name: 'Sahil', lat: '40,3', lng: '49,8' }]);
    expect(parsed.route_points).toEqual([{ name: 'Sahil', lat: '40.3', lng: '49.8' }]);
  });

  it("an empty form's errors land under their fields, a stop's under its own", () => {
    const values = { ...emptyBusRoute, route_points: [{ name: '' }, { name: 'B', lat: '40' }] };
    const checked = busRouteCreateSchema.safeParse(toApiInput(values));
    expect(checked.success).toBe(false);
    const placed = fieldErrors(
      checked.error!.issues.map((i) => ({ path: i.path, message: i.message })),
      ['transport_type', 'name', 'number', 'city', 'destination_city', 'cover', 'route_points'],
    );
    const byName = Object.fromEntries(placed.map((p) => [p.name.join('.'), p.errors[0]]));
    expect(byName).toMatchObject({
      transport_type: busRouteMessages.transportTypeRequired,
      name: busRouteMessages.nameRequired,
      number: busRouteMessages.numberRequired,
      city: busRouteMessages.cityRequired,
      destination_city: busRouteMessages.destinationCityRequired,
      cover: busRouteMessages.coverRequired,
      'route_points.0.name': busRouteMessages.pointNameRequired,
      'route_points.1.lat': busRouteMessages.coordinatesPair,
    });
  });

  it("reads the server's nested keys", () => {
    expect(fieldPath('route_points.2.name')).toEqual(['route_points', 2, 'name']);
    expect(fieldErrors([{ path: 'detail', message: 'x' }], ['name'])).toEqual([]);
  });
});
