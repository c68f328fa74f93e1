import { z } from 'zod';
import { formatCount } from '../format/count';
import { cleanString, countSchema, idSchema, isoDateSchema, recordIdSchema, textIdSchema } from './input';

/**
 * The list contract every list endpoint follows (Django REST Framework style, spec section 7): query
 * `page`, `per_page` or `no_page`, `order`, `order_by`, `search` and `name=value` filters; answer
 * `{count, next, previous, results}`.
 */
export const defaultPageSize = 10;
export const maxPageSize = 100;
export const pageSizeOptions = [10, 25, 50, 100] as const;
/**
 * The most rows `no_page` ("Hamısı") answers: a filter that selects more gets a 400 telling the user to narrow it or
 * export (an export streams any number of rows). The users list keeps an unbounded "all" (the spec's).
 */
export const allRowsLimit = 5000;
/** Longest `cursor` accepted: a cursor holds the sort value of one row (text fields are at most 500 characters). */
export const cursorMaxLength = 4096;

/** Answers of the list contract that the spec leaves to us. */
export const listMessages = {
  pageInvalid: 'Səhifə nömrəsi müsbət tam ədəd olmalıdır.',
  perPageInvalid: `Səhifədəki sətirlərin sayı 1 ilə ${maxPageSize} arasında tam ədəd olmalıdır.`,
  orderInvalid: 'Sıralama istiqaməti "asc" və ya "desc" olmalıdır.',
  orderByUnknown: (allowed: readonly string[]) =>
    `Bu sahəyə görə sıralamaq olmaz. Mümkün sahələr: ${allowed.join(', ')}.`,
  flagInvalid: 'Dəyər 1, 0, true və ya false olmalıdır.',
  idInvalid: 'Müsbət tam ədəd daxil edin.',
  dateInvalid: 'Tarix yyyy-mm-dd formatında olmalıdır.',
  textTooLong: 'Mətn 200 simvoldan uzun olmamalıdır.',
  /** A `cursor` not made by this list for this query (malformed, altered, or from other filters or order). */
  cursorInvalid: 'Səhifə kursoru yanlışdır və ya bu siyahıya aid deyil. Siyahını yenidən açın.',
  /** `no_page` on a filter that selects more than `allRowsLimit` rows. */
  allTooMany: (count: number) =>
    `Filtr ${formatCount(count)} sətir seçir, "Hamısı" isə ən çox ${formatCount(allRowsLimit)} sətir göstərir. ` +
    'Filtri daraldın və ya siyahını ixrac edin.',
  /** Django REST Framework's answer for a page past the end. */
  invalidPage: 'Invalid page.',
} as const;

/** Query-string booleans as DRF reads them. */
const queryFlag = z
  .enum(['1', '0', 'true', 'false', 'True', 'False', ''], { error: listMessages.flagInvalid })
  .transform((v) => v === '1' || v.toLowerCase() === 'true');

/** Query text: trimmed, at most 200 characters, no control characters. */
const queryText = () => cleanString().trim().max(200, listMessages.textTooLong);

export const listQueryBaseSchema = z.object({
  page: textIdSchema(listMessages.pageInvalid).default(1),
  per_page: textIdSchema(listMessages.perPageInvalid)
    .pipe(z.number().max(maxPageSize, listMessages.perPageInvalid))
    .default(defaultPageSize),
  no_page: queryFlag.optional(),
  /** `asc` or `desc`; Ant Design's `ascend` / `descend` are read too. */
  order: z
    .enum(['asc', 'desc', 'ascend', 'descend'], { error: listMessages.orderInvalid })
    .transform((v): 'asc' | 'desc' => (v.startsWith('desc') ? 'desc' : 'asc'))
    .default('asc'),
  /** A field the list allows ordering by; a leading `-` (DRF's `ordering=-field`) orders descending. */
  order_by: cleanString().trim().max(100).optional(),
  search: queryText().optional(),
  /**
   * Keyset paging: an opaque token from a `next` / `previous` link, or `first` / `last` to start from either end.
   * With it, the links carry cursors instead of page numbers.
   */
  cursor: cleanString().max(cursorMaxLength, listMessages.cursorInvalid).optional(),
});
export type ListQueryBase = z.infer<typeof listQueryBaseSchema>;

/**
 * How a `name=value` filter compares: `text` contains the value (case-insensitive, Azerbaijani-aware),
 * `exact` equals it, `id` is a record id, `boolean` a DRF flag, `date` a yyyy-mm-dd day.
 * An empty value is no filter, as django-filter reads it.
 */
export type ListFilterKind = 'text' | 'exact' | 'id' | 'boolean' | 'date';

const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const listFilterSchemas = {
  text: z.preprocess(emptyIsAbsent, queryText().optional()),
  exact: z.preprocess(emptyIsAbsent, queryText().optional()),
  id: z.preprocess(emptyIsAbsent, textIdSchema(listMessages.idInvalid).optional()),
  boolean: z.preprocess(emptyIsAbsent, queryFlag.optional()),
  date: z.preprocess(emptyIsAbsent, isoDateSchema(listMessages.dateInvalid).optional()),
} as const satisfies Record<ListFilterKind, z.ZodType>;

/** What a list offers: its filters by name and kind, and the fields it can be ordered by. */
export interface ListSpec {
  filters: Readonly<Record<string, ListFilterKind>>;
  orderBy: readonly string[];
}

type FilterValues<F extends Record<string, ListFilterKind>> = {
  [K in keyof F]: (typeof listFilterSchemas)[F[K]];
};

/** The query schema of one list: the base contract, `order_by` limited to its fields, and its filters. */
export function listQuerySchema<const S extends ListSpec>(spec: S) {
  const filters = Object.fromEntries(
    Object.entries(spec.filters).map(([name, kind]) => [name, listFilterSchemas[kind]]),
  ) as FilterValues<S['filters']>;
  return listQueryBaseSchema.extend({
    ...filters,
    order_by: cleanString()
      .trim()
      .optional()
      .refine((v) => !v || spec.orderBy.includes(v.replace(/^-/, '')), listMessages.orderByUnknown(spec.orderBy)),
  });
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: countSchema,
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
  pkList: z.array(recordIdSchema()).min(1).max(1000),
});
export type DeleteMultipleInput = z.infer<typeof deleteMultipleSchema>;

/** `delete-multiple` answer: the ids deleted (all of `pkList`; it deletes all or nothing). */
export const deleteMultipleResponseSchema = z.object({ pkList: z.array(idSchema) });
export type DeleteMultipleResponse = z.infer<typeof deleteMultipleResponseSchema>;
