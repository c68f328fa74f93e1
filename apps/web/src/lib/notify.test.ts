import { describe, expect, it } from 'vitest';
import { toastKey, toastRestartWindow } from './notify';

describe('toast keys', () => {
  it('restarts a toast repeated while it is fresh, and opens a new one once it may be fading', () => {
    const first = toastKey('success', 'Saxlanıldı', 10_000);
    // A second save 1.5 s later restarts the same toast; its clock starts again.
    expect(toastKey('success', 'Saxlanıldı', 11_500)).toBe(first);
    const restarted = 11_500 + toastRestartWindow - 1;
    expect(toastKey('success', 'Saxlanıldı', restarted)).toBe(first);
    // The window after the last start has passed: a new toast, never the key of one that may be fading out.
    const later = toastKey('success', 'Saxlanıldı', restarted + toastRestartWindow);
    expect(later).not.toBe(first);
    expect(toastKey('success', 'Saxlanıldı', restarted + toastRestartWindow + 500)).toBe(later);
  });

  it('keeps texts and types apart', () => {
    const success = toastKey('success', 'Bir', 50_000);
    expect(toastKey('error', 'Bir', 50_000)).not.toBe(success);
    expect(toastKey('success', 'İki', 50_000)).not.toBe(success);
  });
});
