import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import type { Language } from '../users/preferences';
import { formatLanguage } from './language';

dayjs.extend(customParseFormat);

/** Dates travel as yyyy-mm-dd and show as dd.mm.yyyy (decisions.md section 6). */
export const apiDateFormat = 'YYYY-MM-DD';
export const displayDateFormat = 'DD.MM.YYYY';
export const displayDateTimeFormat = 'DD.MM.YYYY HH:mm';

/** How each language shows a day: Azerbaijani and Russian dd.mm.yyyy, English dd/mm/yyyy (day first, as in Baku). */
export const displayDateFormats: Record<Language, string> = {
  az: displayDateFormat,
  en: 'DD/MM/YYYY',
  ru: displayDateFormat,
};

export function formatDate(value: string | Date | null | undefined, language?: Language): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed =
    typeof value === 'string' ? dayjs(value, [apiDateFormat, 'YYYY-MM-DDTHH:mm:ss.SSSZ'], false) : dayjs(value);
  return parsed.isValid() ? parsed.format(displayDateFormats[formatLanguage(language)]) : '';
}

export function formatDateTime(value: string | Date | null | undefined, language?: Language): string {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(`${displayDateFormats[formatLanguage(language)]} HH:mm`) : '';
}

/** dd.mm.yyyy (as registries and people write it) to yyyy-mm-dd; null when it is no real date. */
export function displayDateToApi(value: string): string | null {
  const parsed = dayjs(value, displayDateFormat, true);
  return parsed.isValid() ? parsed.format(apiDateFormat) : null;
}

export function todayApiDate(): string {
  return dayjs().format(apiDateFormat);
}

const bakuDays = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku' });

/**
 * The day (yyyy-mm-dd) in Baku of a moment (UTC+4, no daylight saving since 2016): from 20:00 UTC it is already the
 * next day there. A bank receipt is dated where it was stamped; the server checks it and the pay dialog offers it.
 */
export const bakuDay = (at: Date = new Date()): string => bakuDays.format(at);

const bakuMoments = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Baku',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as dd.mm.yyyy hh:mm in Baku, whatever the clock of the machine that prints it (a server's files). */
export function formatBakuDateTime(at: string | Date | null | undefined): string {
  if (!at) return '';
  const parts = Object.fromEntries(bakuMoments.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/** A moment's day in Baku as dd.mm.yyyy, whatever the clock of the machine that prints it (a server's files). */
export function formatBakuDate(at: string | Date | null | undefined): string {
  return at ? formatDate(bakuDay(new Date(at))) : '';
}
