import type { Language } from '../users/preferences';

/**
 * The counterpart of an Azerbaijani messages object in another language: every key, a text for a text and a
 * function of the same arguments for a template. A missing or extra key fails the typecheck.
 */
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a template of any arguments
type Template = (...args: any[]) => string;
type Entry = string | Template;

/** One messages object in the three languages (Azerbaijani is the contract; see messages.ts). */
export interface MessageSet {
  az: Readonly<Record<string, Entry>>;
  en: Readonly<Record<string, Entry>>;
  ru: Readonly<Record<string, Entry>>;
}

interface TemplateMatcher {
  pattern: RegExp;
  /** How each argument was given to the Azerbaijani template: as itself, or as a one-item list (`.join`). */
  listArgs: boolean[];
  en: Template;
  ru: Template;
}

export interface MessageTranslator {
  /** `text` in `language` when it is one of the catalogue's Azerbaijani messages; otherwise unchanged. */
  translate(text: string, language: Language): string;
  /** Templates whose Azerbaijani text cannot be read back (it reformats an argument): they stay Azerbaijani. */
  untranslatable: string[];
}

const marker = (index: number) => `\u0001${index}\u0002`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads each Azerbaijani template back into a pattern: it is called with markers for arguments, and the markers
 * become captures. A template that reformats an argument (a count with thousands dots) loses its marker and is
 * listed as untranslatable.
 */
function templateMatcher(name: string, az: Template, en: Template, ru: Template): TemplateMatcher | string {
  const listArgs = Array.from({ length: az.length }, () => false);
  const call = () =>
    az(...listArgs.map((asList, index) => (asList ? [marker(index)] : marker(index)))) as string | undefined;
  let text: string | undefined;
  for (let attempt = 0; attempt <= az.length && text === undefined; attempt += 1) {
    try {
      text = call();
    } catch {
      // An argument used as a list (`allowed.join`): give that one as a one-item list and try again.
      const next = listArgs.indexOf(false);
      if (next < 0) break;
      listArgs[next] = true;
    }
  }
  if (text === undefined) return name;
  const order: number[] = [];
  let source = escapeRegExp(text);
  for (let index = 0; index < az.length; index += 1) {
    if (!text.includes(marker(index))) return name;
  }
  // eslint-disable-next-line no-control-regex -- the markers are control characters no message contains
  source = source.replace(/\u0001(\d+)\u0002/g, (_all, index: string) => {
    order.push(Number(index));
    return '([\\s\\S]+?)';
  });
  // Each argument once, in any order: the captures map back to the arguments.
  if (new Set(order).size !== order.length) return name;
  const pattern = new RegExp(`^${source}$`);
  const reorder =
    (target: Template): Template =>
    (...captured: string[]) => {
      const args: unknown[] = [];
      order.forEach((argIndex, captureIndex) => {
        args[argIndex] = listArgs[argIndex] ? [captured[captureIndex]] : captured[captureIndex];
      });
      return target(...args);
    };
  return { pattern, listArgs, en: reorder(en), ru: reorder(ru) };
}

/** A translator over message sets: texts by exact match, templates by their patterns. */
export function createMessageTranslator(sets: readonly MessageSet[]): MessageTranslator {
  const texts = new Map<string, { en: string; ru: string }>();
  const templates: TemplateMatcher[] = [];
  const untranslatable: string[] = [];
  for (const set of sets) {
    for (const [key, az] of Object.entries(set.az)) {
      const en = set.en[key]!;
      const ru = set.ru[key]!;
      if (typeof az === 'string') {
        // The same Azerbaijani text in two objects says the same thing: the first translation stands.
        if (!texts.has(az)) texts.set(az, { en: en as string, ru: ru as string });
        continue;
      }
      const matcher = templateMatcher(key, az, en as Template, ru as Template);
      if (typeof matcher === 'string') untranslatable.push(matcher);
      else templates.push(matcher);
    }
  }
  return {
    untranslatable,
    translate(text, language) {
      if (language === 'az') return text;
      const known = texts.get(text);
      if (known) return known[language];
      for (const template of templates) {
        const match = template.pattern.exec(text);
        if (match) return template[language](...match.slice(1));
      }
      return text;
    },
  };
}

/**
 * The language of `Accept-Language` (`ru-RU,ru;q=0.9,en;q=0.8`): the first of the interface's languages by
 * weight, or null when it names none of them.
 */
export function languageFromHeader(header: string | undefined, supported: readonly Language[]): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, position) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0]!, weight: Number.isFinite(weight) ? weight : 0, position };
    })
    .filter((item) => item.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  for (const item of ranked) {
    const found = supported.find((language) => language === item.base);
    if (found) return found;
  }
  return null;
}
