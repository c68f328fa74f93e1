import { describe, expect, it } from 'vitest';
import { antdLocaleOf, currentLanguage, i18n, switchLanguage } from './index';

describe('the interface languages', () => {
  it('starts in Azerbaijani with only its texts; English and Russian are loaded when chosen, and back', async () => {
    expect(i18n.language).toBe('az');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('ru', 'translation')).toBe(false);
    expect(i18n.t('routes.mail-outbox')).toBe('Göndərilən məktublar');
    await switchLanguage('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.t('routes.mail-outbox')).toBe('Sent mails');
    expect(antdLocaleOf('en')?.locale).toBe('en');
    await switchLanguage('ru');
    expect(currentLanguage()).toBe('ru');
    expect(i18n.t('routes.mail-outbox')).toBe('Отправленные письма');
    expect(i18n.t('common.signOut')).toBe('Выход');
    expect(antdLocaleOf('ru')?.locale).toBe('ru');
    await switchLanguage('az');
    expect(i18n.t('jobs.runNow')).toBe('İndi icra et');
    expect(antdLocaleOf('az')).toBeUndefined();
  });
});
