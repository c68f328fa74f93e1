import type { Language } from '../users/preferences';
import { formatLanguage, groupThousands } from './language';

/** A count with its thousands grouped as `language` writes them: `12.345` in Azerbaijani (as money shows them). */
export function formatCount(value: number, language?: Language): string {
  const text = String(value);
  const negative = text.startsWith('-');
  const grouped = groupThousands(negative ? text.slice(1) : text, formatLanguage(language));
  return negative ? `-${grouped}` : grouped;
}
