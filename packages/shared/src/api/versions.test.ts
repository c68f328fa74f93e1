import { describe, expect, it } from 'vitest';
import { expectedVersionSchema, isStaleVersionBody, maxVersion, staleVersionCode, versionMessages } from './versions';

describe('record versions', () => {
  it('takes a positive int4 JSON number as the version read, nothing else', () => {
    for (const version of [1, 2, maxVersion]) expect(expectedVersionSchema.parse(version)).toBe(version);
    for (const version of ['1', 0, -1, 1.5, maxVersion + 1, null, true]) {
      const checked = expectedVersionSchema.safeParse(version);
      expect(checked.success, String(version)).toBe(false);
      expect(checked.error?.issues[0]?.message, String(version)).toBe(versionMessages.invalid);
    }
    // A missing version keeps the default message: the server says DRF's "This field is required.".
    expect(expectedVersionSchema.safeParse(undefined).error?.issues[0]?.message).not.toBe(versionMessages.invalid);
  });

  it('tells the stale-version answer from other conflicts', () => {
    expect(isStaleVersionBody({ detail: versionMessages.stale, code: staleVersionCode })).toBe(true);
    expect(isStaleVersionBody({ detail: 'Sistem rol qrupları silinə və ya dəyişdirilə bilməz.' })).toBe(false);
    expect(isStaleVersionBody(null)).toBe(false);
  });
});
