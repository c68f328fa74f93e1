import { z } from 'zod';
import { idSchema } from '../api/input';

/**
 * Search from anywhere (issue 29): one box (the header's, Ctrl+K) finds a form by its series and number, a payment by
 * its receipt, a carrier, tax payer and their payments by VÖEN, an automobile and the payments naming it by plate, an
 * online request by its tracking code, people and carriers by name, and saved views by name; each result opens its
 * screen. The server answers only what the user may see (permissions and region scope).
 */

export const searchKinds = [
  'form',
  'payment',
  'carrier',
  'tax_payer',
  'automobile',
  'driver',
  'user',
  'online_carrier',
  'online_payment',
  'view',
] as const;
export type SearchKind = (typeof searchKinds)[number];

export const searchKindLabels: Record<SearchKind, string> = {
  form: 'Fərqlənmə nişanları',
  payment: 'Ödənişlər',
  carrier: 'Daşıyıcılar',
  tax_payer: 'Vergi ödəyiciləri',
  automobile: 'Avtomobillər',
  driver: 'Sürücülər',
  user: 'İstifadəçilər',
  online_carrier: 'Onlayn daşıyıcı müraciətləri',
  online_payment: 'Onlayn ödəniş müraciətləri',
  view: 'Saxlanmış görünüşlər',
};

/** At most this many results of each kind. */
export const searchLimit = 5;
/** How many recent searches are kept per person. */
export const recentSearchLimit = 10;
export const searchQueryMaxLength = 100;

export const searchMessages = {
  queryTooLong: `Axtarış ən çox ${searchQueryMaxLength} simvol ola bilər.`,
  queryRequired: 'Axtarılacaq mətni yazın.',
} as const;

/** `GET /api/search/?q=`: what is typed; shorter than 2 characters finds nothing. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: searchMessages.queryRequired })
    .max(searchQueryMaxLength, searchMessages.queryTooLong)
    .meta({ examples: ['GA 000123', '1234567891', '10-AA-123', 'məmməd'] }),
});

export const searchResultSchema = z.object({
  kind: z.enum(searchKinds),
  id: idSchema,
  title: z.string(),
  subtitle: z.string(),
  /** The screen that shows it, inside the app (`/app/...`). */
  path: z.string().meta({ examples: ['/app/fn-payment?form=12'] }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchGroupSchema = z.object({
  kind: z.enum(searchKinds),
  label: z.string(),
  results: z.array(searchResultSchema),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchAnswerSchema = z.object({ query: z.string(), groups: z.array(searchGroupSchema) });
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/** `POST /api/search/recent/`: a search the person used (opened a result of). */
export const recentSearchInputSchema = z.object({
  q: z
    .string({ error: searchMessages.queryRequired })
    .trim()
    .min(1, searchMessages.queryRequired)
    .max(searchQueryMaxLength, searchMessages.queryTooLong),
});
export const recentSearchesSchema = z.object({ results: z.array(z.string()) });

/** A form's series and number as typed: "GA 000123", "GA000123", "ga-123". */
export function parseFormQuery(q: string): { series: string; number: number } | null {
  const match = /^([A-Za-z]{1,3})\s*-?\s*(\d{1,6})$/.exec(q.trim());
  if (!match) return null;
  const number = Number(match[2]);
  return number >= 1 ? { series: match[1]!.toUpperCase(), number } : null;
}
