import { fnBatchCreateSchema, type FnBatch } from '@dnx/shared';
import { schemaRule, schemaRules } from '../../../lib/form-rules';
import type { BatchInput } from '../api/batches';

/** The form's values: the pickers hold ids, the numbers their 6-digit text. */
export interface BatchFormValues {
  series: string;
  start_number: string;
  finish_number: string;
  region?: number;
  operator?: number;
  transport_type?: number;
  coefficient?: number;
  expire_date?: number | null;
  expire_date_type?: string;
  /** The parent batch (the spec's fnBase), or none. */
  fnBase: number | null;
}

/** The order of the fields on screen: the first failing one gets the focus. */
export const batchFieldOrder = [
  'series',
  'start_number',
  'finish_number',
  'region',
  'operator',
  'transport_type',
  'coefficient',
  'expire_date',
  'expire_date_type',
  'fnBase',
] as const;

export const rules = {
  ...schemaRules(fnBatchCreateSchema.shape),
  // No parent is a batch of its own: an empty field passes (the shared rule checks an empty field as "").
  fnBase: [schemaRule(fnBatchCreateSchema.shape.fnBase, { optional: true })],
};

export function toValues(batch?: FnBatch): BatchFormValues {
  if (!batch)
    return { series: '', start_number: '', finish_number: '', expire_date: 1, expire_date_type: 'year', fnBase: null };
  return {
    series: batch.series,
    start_number: batch.start_number,
    finish_number: batch.finish_number,
    region: batch.region,
    operator: batch.operator,
    transport_type: batch.transport_type,
    coefficient: batch.coefficient,
    expire_date: batch.expire_date,
    expire_date_type: batch.expire_date_type,
    fnBase: batch.fnBase,
  };
}

/** What the API takes of the form's values (the rules have checked the required ones). */
export function batchInput(values: BatchFormValues): BatchInput {
  return {
    series: values.series.trim(),
    start_number: values.start_number,
    finish_number: values.finish_number,
    region: values.region!,
    operator: values.operator!,
    transport_type: values.transport_type!,
    coefficient: values.coefficient!,
    expire_date: values.expire_date!,
    expire_date_type: values.expire_date_type!,
    fnBase: values.fnBase ?? null,
  };
}
