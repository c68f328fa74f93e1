import { describe, expect, it } from 'vitest';
import { themeFor } from './antd-shell';

/** The system's "reduce motion" turns Ant Design's transitions off, in every theme; without it they stay. */
describe('the theme and less motion', () => {
  it.each([
    { dark: false, compact: false },
    { dark: true, compact: false },
    { dark: false, compact: true },
    { dark: true, compact: true },
  ])('dark $dark, compact $compact: motion off only when asked', (choice) => {
    expect(themeFor({ ...choice, reducedMotion: true }).token?.motion).toBe(false);
    expect(themeFor(choice).token?.motion).toBeUndefined();
    expect(themeFor({ ...choice, reducedMotion: false }).token?.motion).toBeUndefined();
  });
});
