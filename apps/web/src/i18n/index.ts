import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { az } from './az';
import { en } from './en';

void i18n.use(initReactI18next).init({
  resources: { az: { translation: az }, en: { translation: en } },
  lng: 'az',
  // English screens fall back to the Azerbaijani title where a translation is missing.
  fallbackLng: 'az',
  interpolation: { escapeValue: false },
});

export { i18n };
