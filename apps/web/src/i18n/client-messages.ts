import type { Language } from '@dnx/shared';

type Translate = (text: string, language: Language) => string;

let translate: Translate | undefined;
let language: Language = 'az';

/**
 * The shared messages a form shows before anything is sent (its fields' shared rules) in the interface's language.
 * The translator (the shared message catalogues) loads with English or Russian, never with the first screen.
 */
export function clientMessage(text: string): string {
  return translate && language !== 'az' ? translate(text, language) : text;
}

/** Called by `switchLanguage`: the language now and, once loaded, the shared translator. */
export function setClientMessages(next: Language, translator?: Translate): void {
  language = next;
  if (translator) translate = translator;
}
