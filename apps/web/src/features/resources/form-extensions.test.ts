import { automobileModelResource, automobileResource, ownershipRightKind } from '@dnx/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { lockedFields, valuesAfterChange } from './form-extensions';

describe('form extensions', () => {
  it('locks and clears the right expiry date while the right is ownership', () => {
    const day = dayjs('2026-01-01');
    expect(lockedFields(automobileResource, { right_kind: ownershipRightKind })).toEqual(
      new Set(['right_expiry_date']),
    );
    expect(lockedFields(automobileResource, { right_kind: 2 })).toEqual(new Set());
    expect(
      valuesAfterChange(
        automobileResource,
        { right_kind: ownershipRightKind },
        { right_kind: ownershipRightKind, right_expiry_date: day },
      ),
    ).toEqual({ right_expiry_date: undefined });
    expect(valuesAfterChange(automobileResource, { right_kind: 3 }, { right_kind: 3, right_expiry_date: day })).toEqual(
      {},
    );
  });

  it("clears the automobile's model when its brand changes, and only then", () => {
    expect(valuesAfterChange(automobileResource, { brand: 2 }, { brand: 2, model: 5 })).toEqual({ model: undefined });
    expect(valuesAfterChange(automobileResource, { seats: 3 }, { brand: 2, model: 5, seats: 3 })).toEqual({});
    expect(valuesAfterChange(automobileResource, { brand: 2 }, { brand: 2, model: undefined })).toEqual({});
    // A model's own brand picker narrows nothing.
    expect(valuesAfterChange(automobileModelResource, { brand: 2 }, { brand: 2, name: 'Sprinter' })).toEqual({});
  });
});
