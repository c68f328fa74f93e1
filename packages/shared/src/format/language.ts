import type { Language } from '../users/preferences';

let displayLanguage: Language = 'az';

/**
 * The language dates, numbers and money are shown in when a call names none: Azerbaijani, unless the web client
 * (one person's browser) sets the interface's language. The server never sets it: its files and messages format
 * in Azerbaijani, or in the language it passes.
 */
export function setDisplayLanguage(language: Language): void {
  displayLanguage = language;
}

export const formatLanguage = (language?: Language): Language => language ?? displayLanguage;

/** Thousands separators: Azerbaijani dots (12.345), English commas (12,345), Russian no-break spaces (12 345). */
export const thousandsSeparator: Record<Language, string> = { az: '.', en: ',', ru: '\u00a0' };
/** The decimal mark: a comma in Azerbaijani and Russian, a point in English. */
export const decimalMark: Record<Language, string> = { az: ',', en: '.', ru: ',' };

export const groupThousands = (digits: string, language: Language) =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, thousandsSeparator[language]);
