import { describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from './index';

describe('the interface languages', () => {
  it('starts in Azerbaijani with only its texts; English is loaded when chosen, and back', async () => {
    expect(i18n.language).toBe('az');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.t('routes.mail-outbox')).toBe('Göndərilən məktublar');
    await switchLanguage('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.t('routes.mail-outbox')).toBe('Sent mails');
    // A text English lacks falls back to Azerbaijani.
    expect(i18n.t('routes.audit-log')).toBe('Audit jurnalı');
    await switchLanguage('az');
    expect(i18n.t('jobs.runNow')).toBe('İndi icra et');
  });
});
