import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { az } from './az';

void i18n.use(initReactI18next).init({
  // Azerbaijani is the interface's language and ships with the first screen; another language is loaded when chosen.
  resources: { az: { translation: az } },
  lng: 'az',
  // English screens fall back to the Azerbaijani title where a translation is missing.
  fallbackLng: 'az',
  interpolation: { escapeValue: false },
});

/** The interface's other languages, each loaded (its own file) only when someone switches to it. */
const languages = { en: () => import('./en').then((module) => module.en) } as const;

/** The languages whose file is loaded (a lazily loaded screen may have added its own texts to any before). */
const loaded = new Set<string>(['az']);

/** Switches the interface to `language`, loading its texts first. */
export async function switchLanguage(language: 'az' | keyof typeof languages): Promise<void> {
  if (!loaded.has(language)) {
    i18n.addResourceBundle(language, 'translation', await languages[language as keyof typeof languages](), true, true);
    loaded.add(language);
  }
  await i18n.changeLanguage(language);
}

export { i18n };
