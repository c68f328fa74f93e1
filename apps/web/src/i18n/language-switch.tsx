import { languages, type Language } from '@dnx/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage, switchLanguage } from './index';

/** Each language named in itself, so a reader finds theirs whatever the screen's language is now. */
export const languageNames: Record<Language, string> = { az: 'Azərbaycanca', en: 'English', ru: 'Русский' };

/**
 * The public pages' language choice (sign-in, password recovery, the public check pages): plain buttons, no Ant
 * Design, so /signin stays light. The choice is kept in this browser until someone signs in.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <nav className="language-switch" aria-label={t('common.language')} data-testid="language-switch">
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          data-testid={`language-${language}`}
          onClick={() => void switchLanguage(language)}
        >
          {languageNames[language]}
        </button>
      ))}
    </nav>
  );
}
