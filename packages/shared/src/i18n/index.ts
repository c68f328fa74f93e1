import type { Language } from '../users/preferences';
import { enMessages } from './messages-en';
import { ruMessages } from './messages-ru';
import { azMessages, type MessageCatalogue } from './messages';
import { createMessageTranslator, type MessageSet, type MessageTranslator } from './translation';

export * from './translation';
export { azMessages, type MessageCatalogue } from './messages';
export { enMessages } from './messages-en';
export { ruMessages } from './messages-ru';

/** Each messages object with its English and Russian counterparts. */
export const messageSets: MessageSet[] = (Object.keys(azMessages) as (keyof MessageCatalogue)[]).map((name) => ({
  az: azMessages[name],
  en: enMessages[name],
  ru: ruMessages[name],
}));

let translator: MessageTranslator | undefined;

/** The shared messages' translator, built at its first use. */
export function messageTranslator(): MessageTranslator {
  translator ??= createMessageTranslator(messageSets);
  return translator;
}

/** One server message in `language`; Azerbaijani (the contract) and anything not in the catalogue stay as they are. */
export const translateMessage = (text: string, language: Language): string =>
  messageTranslator().translate(text, language);
