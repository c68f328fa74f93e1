import { z } from 'zod';

/**
 * The list contract every list endpoint follows (Django REST Framework style, spec section 7): query
 * `page`, `per_page` or `no_page`, `order`, `order_by`, `search` and `name=value` filters; answer
 * `{count, next, previous, results}`.
 */
export const defaultPageSize = 10;
export const maxPageSize = 100;
export const pageSizeOptions = [10, 25, 50, 100] as const;

/** Query-string booleans as DRF reads them. */
const queryFlag = z
  .enum(['1', '0', 'true', 'false', 'True', 'False', ''])
  .transform((v) => v === '1' || v.toLowerCase() === 'true');

export const listQueryBaseSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  no_page: queryFlag.optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  order_by: z.string().optional(),
  search: z.string().trim().max(200).optional(),
});
export type ListQueryBase = z.infer<typeof listQueryBaseSchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** `delete-multiple` body. */
export const deleteMultipleSchema = z.object({
  pkList: z.array(z.coerce.number().int().positive()).min(1),
});
export type DeleteMultipleInput = z.infer<typeof deleteMultipleSchema>;
