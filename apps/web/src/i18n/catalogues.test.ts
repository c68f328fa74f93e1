import { describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from './index';

// Every lazily added bundle (a feature's or a component's texts.ts) adds its texts in each language on import.
import.meta.glob(['../features/*/texts.ts', '../components/*/texts.ts'], { eager: true });

/** Every key path of a catalogue, `a.b.c`, with a text or a nested object at each. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, item]) => keyPaths(item, prefix ? `${prefix}.${key}` : key));
}

describe('the interface catalogues', () => {
  it('have the same keys in Azerbaijani, English and Russian, the features’ lazily added texts included', async () => {
    await switchLanguage('en');
    await switchLanguage('ru');
    await switchLanguage('az');
    const az = keyPaths(i18n.getResourceBundle('az', 'translation')).sort();
    const en = keyPaths(i18n.getResourceBundle('en', 'translation')).sort();
    const ru = keyPaths(i18n.getResourceBundle('ru', 'translation')).sort();
    // The lazily added bundles are in the comparison: without them this would be the first screen's catalogue only.
    for (const bundle of ['imports.', 'views.', 'search.', 'listTools.', 'print.', 'fn.batchForms', 'payments.view']) {
      expect(
        az.some((key) => key.startsWith(bundle)),
        bundle,
      ).toBe(true);
    }
    expect(
      en.filter((key) => !az.includes(key)),
      'English keys Azerbaijani lacks',
    ).toEqual([]);
    expect(
      az.filter((key) => !en.includes(key)),
      'Azerbaijani keys English lacks',
    ).toEqual([]);
    expect(
      ru.filter((key) => !az.includes(key)),
      'Russian keys Azerbaijani lacks',
    ).toEqual([]);
    expect(
      az.filter((key) => !ru.includes(key)),
      'Azerbaijani keys Russian lacks',
    ).toEqual([]);
  });

  it('keeps each text’s placeholders in every language', async () => {
    await switchLanguage('ru');
    await switchLanguage('az');
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const differing: string[] = [];
    for (const key of keyPaths(i18n.getResourceBundle('az', 'translation'))) {
      const az = placeholders(i18n.getResource('az', 'translation', key));
      for (const language of ['en', 'ru']) {
        const other = placeholders(i18n.getResource(language, 'translation', key));
        if (JSON.stringify(other) !== JSON.stringify(az)) differing.push(`${language}:${key}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
