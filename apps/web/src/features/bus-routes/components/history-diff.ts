import { formatMoney, type BusRouteHistoryEntry } from '@dnx/shared';

/**
 * The readable differences of one history entry: fields before and after, stops added, removed or moved, and
 * companies added or removed. Pure: the timeline turns each line into text with `historyLineText`.
 */

export interface StopValue {
  name: string;
  /** Degrees as the API gives them: exact decimal text ("40.6823"). */
  lat: string | null;
  lng: string | null;
}

const degrees = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? String(value).trim() : null;
const sameDegrees = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Number(a) === Number(b);

export type HistoryLine =
  | { kind: 'field'; field: string; before: unknown; after: unknown }
  | { kind: 'stop-added'; name: string; position: number }
  | { kind: 'stop-removed'; name: string; position: number }
  | { kind: 'stop-moved'; name: string; from: number; to: number }
  | { kind: 'stop-coordinates'; name: string; before: StopValue; after: StopValue }
  | { kind: 'company-added'; name: string }
  | { kind: 'company-removed'; name: string };

type Change = BusRouteHistoryEntry['changes'][number];

const referenceFields = ['transport_type', 'region', 'city', 'destination_city'];

function asStops(value: unknown): StopValue[] {
  if (!Array.isArray(value)) return [];
  return value.map((p: { name?: unknown; lat?: unknown; lng?: unknown } | null) => ({
    name: String(p?.name ?? '').trim(),
    lat: degrees(p?.lat),
    lng: degrees(p?.lng),
  }));
}

function asCompanies(value: unknown): { id: number | string; name: string }[] {
  if (!Array.isArray(value)) return [];
  return value.map((c: unknown) =>
    typeof c === 'object' && c !== null && 'id' in c
      ? { id: (c as { id: number }).id, name: String((c as { name?: unknown }).name ?? (c as { id: number }).id) }
      : { id: String(c), name: String(c) },
  );
}

/** A stop is known by its name and which of the same name it is (two stops may share a name). */
function keyedStops(stops: StopValue[]) {
  const seen = new Map<string, number>();
  return stops.map((stop, index) => {
    const occurrence = seen.get(stop.name) ?? 0;
    seen.set(stop.name, occurrence + 1);
    return { key: `${stop.name}\u0000${occurrence}`, stop, position: index + 1 };
  });
}

/** The keys of a longest common subsequence: the stops that kept their order relative to each other. */
function longestCommon(a: readonly string[], b: readonly string[]): Set<string> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i += 1;
      j += 1;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return kept;
}

/**
 * Stops removed and added, and of the stops on both sides those that moved: the fewest moves that explain the
 * new order (a stop added at the start shifts the others without moving them).
 */
export function stopChanges(beforeValue: unknown, afterValue: unknown): HistoryLine[] {
  const before = keyedStops(asStops(beforeValue));
  const after = keyedStops(asStops(afterValue));
  const beforeKeys = new Map(before.map((s) => [s.key, s]));
  const afterKeys = new Set(after.map((s) => s.key));
  const lines: HistoryLine[] = [];
  for (const s of before)
    if (!afterKeys.has(s.key)) lines.push({ kind: 'stop-removed', name: s.stop.name, position: s.position });
  for (const s of after)
    if (!beforeKeys.has(s.key)) lines.push({ kind: 'stop-added', name: s.stop.name, position: s.position });
  const commonBefore = before.filter((s) => afterKeys.has(s.key)).map((s) => s.key);
  const commonAfter = after.filter((s) => beforeKeys.has(s.key));
  const kept = longestCommon(
    commonBefore,
    commonAfter.map((s) => s.key),
  );
  for (const s of commonAfter) {
    const old = beforeKeys.get(s.key)!;
    if (!kept.has(s.key)) lines.push({ kind: 'stop-moved', name: s.stop.name, from: old.position, to: s.position });
  }
  for (const s of commonAfter) {
    const old = beforeKeys.get(s.key)!.stop;
    if (!sameDegrees(old.lat, s.stop.lat) || !sameDegrees(old.lng, s.stop.lng))
      lines.push({ kind: 'stop-coordinates', name: s.stop.name, before: old, after: s.stop });
  }
  return lines;
}

export function companyChanges(beforeValue: unknown, afterValue: unknown): HistoryLine[] {
  const before = asCompanies(beforeValue);
  const after = asCompanies(afterValue);
  const beforeIds = new Set(before.map((c) => String(c.id)));
  const afterIds = new Set(after.map((c) => String(c.id)));
  return [
    ...before
      .filter((c) => !afterIds.has(String(c.id)))
      .map((c): HistoryLine => ({ kind: 'company-removed', name: c.name })),
    ...after
      .filter((c) => !beforeIds.has(String(c.id)))
      .map((c): HistoryLine => ({ kind: 'company-added', name: c.name })),
  ];
}

/** Every line of an entry, in the order of its changes; a reference's id gives way to its name when both came. */
export function historyLines(entry: Pick<BusRouteHistoryEntry, 'changes'>): HistoryLine[] {
  const named = new Set(entry.changes.map((c) => c.field));
  const lines: HistoryLine[] = [];
  for (const change of entry.changes as Change[]) {
    if (change.field === 'route_points') lines.push(...stopChanges(change.before, change.after));
    else if (change.field === 'route_companies') lines.push(...companyChanges(change.before, change.after));
    else if (referenceFields.includes(change.field) && named.has(`${change.field}_name`)) continue;
    else if (change.field.endsWith('_name') && referenceFields.includes(change.field.slice(0, -5)))
      lines.push({ kind: 'field', field: change.field.slice(0, -5), before: change.before, after: change.after });
    else lines.push({ kind: 'field', field: change.field, before: change.before, after: change.after });
  }
  return lines;
}

/** Azerbaijani ordinals in figures: 1-ci, 2-ci, 3-cü, 6-cı, 9-cu, 10-cu, 40-cı, 100-cü (by the last word's vowel). */
export function azOrdinal(n: number): string {
  const units = ['', 'ci', 'ci', 'cü', 'cü', 'ci', 'cı', 'ci', 'ci', 'cu'];
  const tens = ['', 'cu', 'ci', 'cu', 'cı', 'ci', 'cı', 'ci', 'ci', 'cı'];
  let suffix: string;
  if (n % 10 !== 0) suffix = units[n % 10]!;
  else if (n % 100 !== 0) suffix = tens[(n / 10) % 10]!;
  else if (n % 1000 !== 0) suffix = 'cü';
  else if (n % 1_000_000 !== 0) suffix = 'ci';
  else suffix = 'cu';
  return `${n}-${suffix}`;
}

export function enOrdinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Azerbaijani number format: "12.5" shows "12,5", thousands with dots. */
export function azDecimal(value: string): string {
  const match = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${fraction ? `,${fraction}` : ''}`;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A field's value as the timeline shows it: money as "0,40 ₼", lengths in km, a status by its name. */
export function formatFieldValue(field: string, value: unknown, t: Translate): string {
  if (isEmpty(value)) return t('busRoutes.history.empty');
  if (typeof value === 'object' && value !== null && 'name' in value) return String((value as { name: unknown }).name);
  switch (field) {
    case 'fare':
      try {
        return formatMoney(String(value));
      } catch {
        return String(value);
      }
    case 'route_length_straight':
    case 'route_length_versa':
      return `${azDecimal(String(value))} km`;
    case 'one_period_time':
    case 'interval':
      return t('busRoutes.minutesValue', { count: Number(value) });
    case 'status':
      return t(Number(value) === 1 ? 'busRoutes.active' : 'busRoutes.inactive');
    default:
      return referenceFields.includes(field) && typeof value === 'number' ? `№ ${value}` : String(value);
  }
}

const coordinates = (stop: StopValue, t: Translate) =>
  stop.lat === null || stop.lng === null ? t('busRoutes.history.empty') : `${stop.lat}, ${stop.lng}`;

/** One line as text: "Gediş haqqı: 0,40 ₼ → 0,50 ₼", "«Gənclik» 2-ci yerdən 3-cü yerə keçdi". */
/** Ordinals by language: Azerbaijani and English suffixes; Russian texts say "место 3", a plain number. */
export function ordinalOf(language: string): (n: number) => string {
  if (language.startsWith('en')) return enOrdinal;
  if (language.startsWith('ru')) return String;
  return azOrdinal;
}

export function historyLineText(line: HistoryLine, t: Translate, language = 'az'): string {
  const ordinal = ordinalOf(language);
  switch (line.kind) {
    case 'field':
      return t('busRoutes.history.field', {
        label: t(`busRoutes.fields.${line.field}`, { defaultValue: line.field }),
        before: formatFieldValue(line.field, line.before, t),
        after: formatFieldValue(line.field, line.after, t),
      });
    case 'stop-added':
      return t('busRoutes.history.stopAdded', { name: line.name, position: ordinal(line.position) });
    case 'stop-removed':
      return t('busRoutes.history.stopRemoved', { name: line.name, position: ordinal(line.position) });
    case 'stop-moved':
      return t('busRoutes.history.stopMoved', { name: line.name, from: ordinal(line.from), to: ordinal(line.to) });
    case 'stop-coordinates':
      return t('busRoutes.history.stopCoordinates', {
        name: line.name,
        before: coordinates(line.before, t),
        after: coordinates(line.after, t),
      });
    case 'company-added':
      return t('busRoutes.history.companyAdded', { name: line.name });
    case 'company-removed':
      return t('busRoutes.history.companyRemoved', { name: line.name });
  }
}
