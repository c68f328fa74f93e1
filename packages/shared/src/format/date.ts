import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

/** Dates travel as yyyy-mm-dd and show as dd.mm.yyyy (decisions.md section 6). */
export const apiDateFormat = 'YYYY-MM-DD';
export const displayDateFormat = 'DD.MM.YYYY';
export const displayDateTimeFormat = 'DD.MM.YYYY HH:mm';

export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed =
    typeof value === 'string' ? dayjs(value, [apiDateFormat, 'YYYY-MM-DDTHH:mm:ss.SSSZ'], false) : dayjs(value);
  return parsed.isValid() ? parsed.format(displayDateFormat) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(displayDateTimeFormat) : '';
}

/** dd.mm.yyyy (as registries and people write it) to yyyy-mm-dd; null when it is no real date. */
export function displayDateToApi(value: string): string | null {
  const parsed = dayjs(value, displayDateFormat, true);
  return parsed.isValid() ? parsed.format(apiDateFormat) : null;
}

export function todayApiDate(): string {
  return dayjs().format(apiDateFormat);
}
