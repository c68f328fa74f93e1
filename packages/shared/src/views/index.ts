import { z } from 'zod';
import { cleanString, idSchema, recordIdSchema } from '../api/input';
import { roleCodeByLetter } from '../access/roles';
import { findAppRoute } from '../navigation/app-routes';

/**
 * Column settings, density and saved views of the lists (issue 29). A list is named by its key: the screen's
 * route key (`fn-payment`, `drivers`), and a tab after a colon when the screen has tabs (`active-fn:by-inspector`).
 * Columns are named by the list's column keys (the export's).
 */

export const listKeyPattern = /^[a-z0-9-]{1,64}(:[a-z0-9-]{1,32})?$/;
export const columnKeyPattern = /^[a-z0-9_]{1,64}$/;
/** A saved view's query parameter name: a list's filter, `search`, `order`, `order_by`, `per_page`, `tab`. */
export const viewQueryKeyPattern = /^[a-z0-9_]{1,64}$/;
export const maxListColumns = 60;
export const maxViewQueryEntries = 40;
export const maxViewQueryValueLength = 500;
export const viewNameMaxLength = 100;
/** The most views one person keeps for one list. */
export const savedViewLimit = 50;
export const maxViewGroups = 50;

export const listDensities = ['comfortable', 'compact'] as const;
export type ListDensity = (typeof listDensities)[number];

export const viewMessages = {
  listUnknown:
    'Siyahı tanınmır: siyahının açarı ekranın açarıdır, sekmə varsa iki nöqtədən sonra (məsələn, "fn-payment" və ya "active-fn:by-inspector").',
  columnInvalid: 'Sütunun açarı yalnız kiçik latın hərfləri, rəqəmlər və "_" ola bilər (1–64 simvol).',
  columnsTooMany: `Ən çox ${maxListColumns} sütun ola bilər.`,
  columnsEmpty: 'Ən azı bir sütun seçin və ya standart sütunlar üçün null göndərin.',
  columnsDuplicate: 'Sütunlar təkrarlanmamalıdır.',
  densityInvalid: 'Sıxlıq "comfortable" (geniş) və ya "compact" (sıx) olmalıdır.',
  nameRequired: 'Görünüşün adını yazın.',
  nameTooLong: `Ad ən çox ${viewNameMaxLength} simvol ola bilər.`,
  nameTaken: 'Bu siyahıda bu adda görünüşünüz artıq var.',
  queryInvalid: `Sorğu ən çox ${maxViewQueryEntries} parametrdir: adı kiçik latın hərfləri, rəqəmlər və "_", dəyəri mətn (ən çox ${maxViewQueryValueLength} simvol).`,
  sharedWithInvalid: `Paylaşılan qruplar təkrarlanmayan qrup identifikatorlarıdır (ən çox ${maxViewGroups}).`,
  groupUnknown: 'Belə qrup yoxdur.',
  shareForbidden: 'Görünüşü qruplarla yalnız administrator paylaşa bilər.',
  notOwner: 'Görünüşü yalnız onu yaradan dəyişə və ya silə bilər.',
  tooMany: `Bir siyahı üçün ən çox ${savedViewLimit} görünüş saxlamaq olar.`,
  defaultViewUnknown: 'Belə görünüş yoxdur və ya sizə açıq deyil.',
  isDefaultInvalid: 'is_default true və ya false olmalıdır.',
} as const;

/** Whether a list key names a screen of the route table (its tab, if any, is the screen's own business). */
export function isKnownListKey(list: string): boolean {
  if (!listKeyPattern.test(list)) return false;
  return findAppRoute(list.split(':')[0]!) !== undefined;
}

/** The route key and tab of a list key. */
export function splitListKey(list: string): { route: string; tab: string | null } {
  const [route, tab] = list.split(':') as [string, string | undefined];
  return { route, tab: tab ?? null };
}

/** The address parameter that names a saved view to open: the list applies it, leaving out (and saying) what the person may no longer see. */
export const savedViewParam = 'saved_view';

/**
 * Where a saved view opens, from the search palette or any link: its list's screen (and tab) with
 * `saved_view={id}`, e.g. `/app/fn-payment?saved_view=7`; null when its list is no longer a screen.
 */
export function savedViewPath(view: { id: number; list: string }): string | null {
  const { route, tab } = splitListKey(view.list);
  const screen = findAppRoute(route);
  if (!screen) return null;
  const tabParam = tab ? `tab=${encodeURIComponent(tab)}&` : '';
  return `/app/${screen.path}?${tabParam}${savedViewParam}=${view.id}`;
}

/** Only the administrators' group (role letter A) shares a view with groups. */
export function mayShareViews(groupCodes: Iterable<string | null>): boolean {
  for (const code of groupCodes) if (code === roleCodeByLetter.A) return true;
  return false;
}

export const listKeySchema = z
  .string({ error: viewMessages.listUnknown })
  .refine(isKnownListKey, { error: viewMessages.listUnknown })
  .meta({
    description: "The list: a screen's route key, and its tab after a colon",
    pattern: listKeyPattern.source,
    examples: ['fn-payment'],
  });

const columnKeysSchema = z
  .array(z.string({ error: viewMessages.columnInvalid }).regex(columnKeyPattern, viewMessages.columnInvalid), {
    error: viewMessages.columnInvalid,
  })
  .min(1, viewMessages.columnsEmpty)
  .max(maxListColumns, viewMessages.columnsTooMany)
  .refine((keys) => new Set(keys).size === keys.length, { error: viewMessages.columnsDuplicate })
  .nullable()
  .meta({
    description: "The columns shown, in order (the list's column keys); null: the list's defaults",
    examples: [['id', 'status', 'total', 'owner_name']],
  });

const densitySchema = z.enum(listDensities, { error: viewMessages.densityInvalid });

/** `GET|PUT /api/user/preferences/lists/{list}/`: how the person sees one list. */
export const listPreferencesSchema = z
  .object({
    list: z.string(),
    columns: z.array(z.string()).nullable(),
    density: densitySchema,
    /** The saved view that opens when the list is opened without parameters; null: none. */
    default_view: idSchema.nullable(),
  })
  .meta({
    examples: [
      { list: 'fn-payment', columns: ['id', 'status', 'total', 'owner_name'], density: 'compact', default_view: null },
    ],
  });
export type ListPreferences = z.infer<typeof listPreferencesSchema>;

export const listPreferencesInputSchema = z
  .strictObject({
    columns: columnKeysSchema,
    density: densitySchema,
    /** Optional: a view the person may open becomes their default for the list (null: none); absent, unchanged. */
    default_view: recordIdSchema(viewMessages.defaultViewUnknown).nullable().optional(),
  })
  .meta({ examples: [{ columns: ['id', 'status', 'total', 'owner_name'], density: 'compact' }] });
export type ListPreferencesInput = z.infer<typeof listPreferencesInputSchema>;

/** `{list}` of the preferences' path: checked by the service, so a wrong key is a 400 with its sentence. */
export const listParamsSchema = z.object({
  list: z.string().meta({
    description: `A screen's route key, optionally \`:tab\`; pattern ${listKeyPattern.source}; an unknown one is a 400`,
    examples: ['fn-payment', 'active-fn:by-inspector'],
  }),
});

const viewQuerySchema = z
  .record(
    z.string().regex(viewQueryKeyPattern, viewMessages.queryInvalid),
    cleanString({ error: viewMessages.queryInvalid }).max(maxViewQueryValueLength, viewMessages.queryInvalid),
    { error: viewMessages.queryInvalid },
  )
  .refine((query) => Object.keys(query).length <= maxViewQueryEntries, { error: viewMessages.queryInvalid })
  .meta({
    description: "The list's address query: filters, search, order, order_by, per_page (and tab)",
    examples: [{ status: '2', order_by: 'total', order: 'desc', per_page: '50' }],
  });

/** `POST /api/views/`, `PUT /api/views/{id}/`. */
export const savedViewInputSchema = z
  .strictObject({
    list: listKeySchema,
    name: cleanString({ error: viewMessages.nameRequired })
      .trim()
      .min(1, viewMessages.nameRequired)
      .max(viewNameMaxLength, viewMessages.nameTooLong)
      .meta({ examples: ['Baxılmaqda olan ödənişlər'] }),
    query: viewQuerySchema,
    columns: columnKeysSchema,
    /** Group ids; only an administrator shares (403 otherwise). */
    shared_with: z
      .array(recordIdSchema(viewMessages.sharedWithInvalid), { error: viewMessages.sharedWithInvalid })
      .max(maxViewGroups, viewMessages.sharedWithInvalid)
      .refine((ids) => new Set(ids).size === ids.length, { error: viewMessages.sharedWithInvalid }),
    /** The caller's own default for the list (each person keeps their own). */
    is_default: z.boolean({ error: viewMessages.isDefaultInvalid }),
  })
  .meta({
    examples: [
      {
        list: 'fn-payment',
        name: 'Baxılmaqda olan ödənişlər',
        query: { status: '2', order_by: 'total', order: 'desc', per_page: '50' },
        columns: ['id', 'status', 'total', 'owner_name'],
        shared_with: [],
        is_default: false,
      },
    ],
  });
export type SavedViewInput = z.infer<typeof savedViewInputSchema>;

export const savedViewSchema = z
  .object({
    id: idSchema,
    list: z.string(),
    name: z.string(),
    query: z.record(z.string(), z.string()),
    columns: z.array(z.string()).nullable(),
    shared_with: z.array(idSchema),
    /** The caller's default for the list. */
    is_default: z.boolean(),
    owner: z.object({ id: idSchema, email: z.string() }),
    /** The caller made it (and so may change or delete it). */
    mine: z.boolean(),
  })
  .meta({
    examples: [
      {
        id: 7,
        list: 'fn-payment',
        name: 'Baxılmaqda olan ödənişlər',
        query: { status: '2', order_by: 'total', order: 'desc' },
        columns: null,
        shared_with: [4],
        is_default: true,
        owner: { id: 1, email: 'admin@demo.az' },
        mine: true,
      },
    ],
  });
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewsAnswerSchema = z.object({ results: z.array(savedViewSchema) });

/** `GET /api/views/?list=`: the views of one list; without `list`, of every list. */
export const savedViewsQuerySchema = z.strictObject({
  list: z
    .string({ error: viewMessages.listUnknown })
    .refine(isKnownListKey, { error: viewMessages.listUnknown })
    .optional()
    .meta({ description: 'A list key; absent: every list', pattern: listKeyPattern.source, examples: ['fn-payment'] }),
});
