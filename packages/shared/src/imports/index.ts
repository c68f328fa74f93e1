import { z } from 'zod';
import { countSchema, idSchema, momentOutSchema } from '../api/input';
import type { ResourceKey } from '../resources/define';
import { findAppRoute } from '../navigation/app-routes';
import { findResource } from '../resources/definitions';
import { openingBalancesKind, openingBalancesTitle } from './opening';

export * from './opening';

/**
 * Imports (issue 28): an administrator uploads a spreadsheet of records (the file a list's export writes, or the
 * resource's template), the server checks every row by the API's own rules and shows what would change; applied,
 * every row is written or none. The work runs on the job queue; the screen follows its progress.
 */

/** The resources an import takes: the fleet and the reference lists staff keep outside the system today. */
export const importResources = [
  'carriers',
  'drivers',
  'automobiles',
  'tax-payers',
  'route-companies',
  'cities',
  'automobile-brands',
  'automobile-models',
] as const satisfies readonly ResourceKey[];
export type ImportResource = (typeof importResources)[number];

/**
 * What an import takes: a list's records, the bus routes with their companies and stops, or the opening balances of
 * forms and payments (opening.ts).
 */
export const importKinds = [...importResources, 'bus-routes', openingBalancesKind] as const;
export type ImportKind = (typeof importKinds)[number];

/** An import kind's name on the screen and in its template. */
export function importTitle(kind: ImportKind): string {
  if (kind === openingBalancesKind) return openingBalancesTitle;
  if (kind === 'bus-routes') return findAppRoute('bus-routes')!.title;
  return findResource(kind)!.title;
}

/** Files up to 20 MB and 100,000 data rows. */
export const importMaxBytes = 20 * 1024 * 1024;
export const importMaxRows = 100_000;

/**
 * What a file may expand to (issue 40), checked while it is read and before anything is kept: a 5 KB workbook can
 * hold one 4 MB shared string that 29 cells repeat. The longest cell any import takes is a bus route's stops (200 of
 * up to 200 letters, each with its coordinates, one a line: some 45,000 characters); a row's cells together, a row's
 * columns (trailing blank cells not counted), and all the text the file expands to are bounded as well.
 */
export const importMaxCellLength = 50_000;
export const importMaxRowLength = 100_000;
export const importMaxColumns = 500;
export const importMaxTextLength = 128 * 2 ** 20;

export const importStatuses = ['queued', 'checking', 'previewed', 'applying', 'applied', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];
export const importOutcomes = ['new', 'changed', 'unchanged', 'error'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const importMessages = {
  resourceInvalid: 'İdxal olunan siyahını seçin.',
  fileRequired: 'Faylı seçin.',
  fileType: 'Fayl Excel (.xlsx) və ya CSV (UTF-8) olmalıdır.',
  fileTooLarge: 'Fayl 20 MB-dan böyük ola bilməz.',
  fileUnreadable: 'Fayl oxunmadı: o, zədələnib və ya Excel/CSV deyil.',
  tooManyRows: 'Faylda ən çox 100.000 sətir ola bilər.',
  noRows: 'Faylda başlıqdan sonra sətir yoxdur.',
  headerMissing: (labels: string) =>
    `Faylda bu sütun(lar) yoxdur: ${labels}. Şablonu yükləyib onun başlıqlarını işlədin.`,
  duplicateKey: (row: number) => `Bu qeyd faylda artıq var (sətir ${row}).`,
  referenceUnknown: (label: string, value: string) => `${label}: "${value}" tapılmadı.`,
  notReady: 'İdxal hələ yoxlanılır: bitməsini gözləyin.',
  hasErrors: (count: number) =>
    `Faylda ${count} səhvli sətir var: heç nə yazılmadı. Səhvləri düzəldib faylı yenidən yükləyin.`,
  alreadyApplied: 'Bu idxal artıq tətbiq olunub.',
  changedSince: 'Yoxlamadan sonra məlumatlar dəyişib: faylı yenidən yükləyin.',
  failed: 'İdxal alınmadı. Faylı yenidən yükləyin.',
  cellTooLong: 'Faylda 50.000 simvoldan uzun xana var: idxal olunan sahələrin heç biri bu qədər uzun mətn qəbul etmir.',
  rowTooLong: 'Faylda 100.000 simvoldan uzun sətir var: idxal olunan sahələr birlikdə bu qədər mətn qəbul etmir.',
  tooManyColumns: 'Faylda 500-dən çox sütunu olan sətir var.',
  textTooLarge: 'Faylın mətni açılanda 128 milyon simvoldan çox olur: faylı bir neçə hissəyə bölün.',
  unpackedTooLarge:
    'Fayl açılanda həddən artıq böyük olur (vərəq 512 MB-dan, paylaşılan mətnlər 128 MB-dan, qalan hissələr ' +
    '16 MB-dan böyük ola bilməz): bu, cədvəl deyil.',
  readTooSlow: (seconds: number) =>
    `Faylın oxunması ${seconds} saniyədən çox çəkdi və dayandırıldı: faylı bir neçə hissəyə bölün.`,
  readTooLarge: (megabytes: number) =>
    `Faylın oxunması ${megabytes} MB-dan çox yaddaş istədi və dayandırıldı: faylı bir neçə hissəyə bölün.`,
  interrupted:
    'Server bu faylın yoxlanışı bitmədən iki dəfə dayandı: faylı yenidən yükləyin və ya bir neçə hissəyə bölün.',
  busyUser: 'Sizin başqa idxalınız hələ yoxlanılır: o bitəndən sonra yenidən yükləyin.',
  busyServer: 'Server indi çox faylı birdən qəbul edir: bir azdan yenidən yükləyin.',
} as const;

export const importResourceSchema = z.enum(importKinds, { error: importMessages.resourceInvalid });

/** `POST /api/imports/` (multipart): the resource and the file. */
export const importCreateSchema = z.object({
  resource: importResourceSchema,
  file: z.unknown().meta({ type: 'string', format: 'binary', description: 'The .xlsx or .csv file (20 MB at most)' }),
});

export const importCountsSchema = z.object({
  new: countSchema,
  changed: countSchema,
  unchanged: countSchema,
  error: countSchema,
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importSchema = z.object({
  id: idSchema,
  resource: importResourceSchema,
  file_name: z.string(),
  status: z.enum(importStatuses),
  /** Rows checked (or written) so far, and of how many (null until the file is read to its end). */
  progress: z.object({ done: countSchema, total: countSchema.nullable() }),
  counts: importCountsSchema,
  /** Why the import failed (a file that cannot be read, a change since the preview), or null. */
  error: z.string().nullable(),
  created_by: z.string(),
  created_at: momentOutSchema,
  applied_at: momentOutSchema.nullable(),
});
export type Import = z.infer<typeof importSchema>;

/** One row of the file as checked: its line in the file, its outcome, and what changes or what is wrong. */
export const importRowSchema = z.object({
  row: countSchema,
  outcome: z.enum(importOutcomes),
  /** The natural key's text (VÖEN, FIN, plate, name). */
  key: z.string(),
  /** The fields that differ from the record (a changed row), as the list shows them. */
  changes: z.array(z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() })),
  /** Field errors by field, with the API's messages. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importRowsQuerySchema = z.object({
  outcome: z.enum(importOutcomes).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
