import { busRouteCreateSchema } from '@dnx/shared';
import type { RuleObject } from 'antd/es/form';
import { schemaRule } from '../../../lib/form-rules';

const shape = busRouteCreateSchema.shape;
/** The form's fields in their order: the first in error takes the focus. */
export const formFields = [
  'transport_type',
  'name',
  'number',
  'region',
  'city',
  'destination_city',
  'cover',
  'route_length_straight',
  'route_length_versa',
  'stops_number_straight',
  'stops_number_versa',
  'start_time',
  'finish_time',
  'one_period_time',
  'interval',
  'fare',
  'route_companies',
  'route_points',
  'description',
  'status',
] as const;

export const rules: Partial<Record<(typeof formFields)[number], RuleObject[]>> = {
  transport_type: [schemaRule(shape.transport_type)],
  name: [schemaRule(shape.name)],
  number: [schemaRule(shape.number)],
  city: [schemaRule(shape.city)],
  destination_city: [schemaRule(shape.destination_city)],
  cover: [schemaRule(shape.cover)],
  route_length_straight: [schemaRule(shape.route_length_straight, { optional: true })],
  route_length_versa: [schemaRule(shape.route_length_versa, { optional: true })],
  start_time: [schemaRule(shape.start_time, { optional: true })],
  finish_time: [schemaRule(shape.finish_time, { optional: true })],
  fare: [schemaRule(shape.fare, { optional: true })],
  route_companies: [schemaRule(shape.route_companies, { optional: true })],
};

/** The status switch holds 1 or 0, as the API does. */
export const statusItemProps = {
  getValueProps: (value: unknown) => ({ checked: value === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

/** A column of the form's grid: a third of a wide screen, half of a middle one. */
export const half = { xs: 24, md: 12, xl: 8 } as const;
