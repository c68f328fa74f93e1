import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, setDisplayLanguage, type Language } from '@dnx/shared';
import type { Locale } from 'antd/es/locale';
import { az } from './az';
import { setClientMessages } from './client-messages';

void i18n.use(initReactI18next).init({
  // Azerbaijani is the interface's language and ships with the first screen; another language is loaded when chosen.
  resources: { az: { translation: az } },
  lng: defaultLanguage,
  // A text another language lacks falls back to the Azerbaijani one.
  fallbackLng: defaultLanguage,
  interpolation: { escapeValue: false },
});

/**
 * The interface's other languages, each loaded (its own files) only when someone switches to it: its texts, Ant
 * Design's locale, and dayjs's (English is dayjs's own).
 */
const languages = {
  en: async () => {
    const [texts, antd, messages] = await Promise.all([
      import('./en'),
      import('antd/locale/en_US'),
      import('./message-translator'),
    ]);
    return { texts: texts.en, antd: antd.default, translate: messages.translateMessage };
  },
  ru: async () => {
    const [texts, antd, messages] = await Promise.all([
      import('./ru'),
      import('antd/locale/ru_RU'),
      import('./message-translator'),
      import('dayjs/locale/ru'),
    ]);
    return { texts: texts.ru, antd: antd.default, translate: messages.translateMessage };
  },
} as const;

/** The languages whose file is loaded (a lazily loaded screen may have added its own texts to any before). */
const loaded = new Set<string>([defaultLanguage]);
const antdLocales: Partial<Record<Language, Locale>> = {};

/** Ant Design's locale of a loaded language; undefined for Azerbaijani, which the shell imports itself. */
export const antdLocaleOf = (language: string): Locale | undefined => antdLocales[language as Language];

/** The interface's language now. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : defaultLanguage);

/**
 * Where the choice made before sign-in is kept (docs/decisions/0042-languages-themes-and-preferences.md); a signed-in
 * user's is on the server.
 */
export const languageStorageKey = 'dnx-language';

function rememberLanguage(language: Language) {
  try {
    if (language === defaultLanguage) localStorage.removeItem(languageStorageKey);
    else localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage refused (private mode, a test without a browser): the choice lasts for this page only.
  }
}

/** Switches the interface to `language`, loading its texts and locales first, and remembers it in this browser. */
export async function switchLanguage(language: Language): Promise<void> {
  if (!loaded.has(language) && language !== defaultLanguage) {
    const { texts, antd, translate } = await languages[language as Exclude<Language, 'az'>]();
    i18n.addResourceBundle(language, 'translation', texts, true, true);
    setClientMessages(language, translate);
    antdLocales[language] = antd;
    loaded.add(language);
  }
  rememberLanguage(language);
  setClientMessages(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

// The page says its language (screen readers, spelling, hyphenation); the API client sends it to the server.
// Dates, numbers and money follow too (the shared formatting functions' default language).
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  setDisplayLanguage(isLanguage(language) ? language : defaultLanguage);
});

/** The language chosen before in this browser, applied at start (the signed-in user's preference follows). */
function storedLanguage(): Language | null {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}
const stored = storedLanguage();
if (stored && stored !== defaultLanguage) void switchLanguage(stored);

export { i18n };
