import { describe, expect, it } from 'vitest';
import { permissionsOfRole } from '../access/role-permissions';
import {
  canMoveForm,
  effectiveNoticeStatus,
  fnBatchCreateSchema,
  fnMessages,
  fnShareSchema,
  fnTransitions,
  formatFnNumber,
  maxBatchNumbers,
  parseFnNumber,
  rangeSize,
} from './index';

const batch = {
  series: 'AB',
  start_number: '000001',
  finish_number: '000100',
  operator: 5,
  region: 2,
  transport_type: 1,
  coefficient: 1,
  expire_date: 3,
  expire_date_type: 'month',
};

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('fn numbers', () => {
  it('are six digits, zero-padded, from 000001 to 999999', () => {
    expect(formatFnNumber(7)).toBe('000007');
    expect(parseFnNumber('000007')).toBe(7);
    expect(parseFnNumber('999999')).toBe(999_999);
    for (const bad of ['000000', '12345', '1234567', '12a456', ' 00001', '-00001'])
      expect(parseFnNumber(bad)).toBe(null);
    expect(rangeSize(1, 1)).toBe(1);
    expect(rangeSize(5, 4)).toBe(0);
  });
});

describe('batch schema', () => {
  it('reads a valid batch, numbers as integers, no parent by default', () => {
    expect(fnBatchCreateSchema.parse(batch)).toMatchObject({ start_number: 1, finish_number: 100, fnBase: null });
  });

  it('takes series of 1 to 3 capital Latin letters only', () => {
    for (const series of ['A', 'AB', 'ABC'])
      expect(fnBatchCreateSchema.safeParse({ ...batch, series }).success).toBe(true);
    for (const series of ['', 'ABCD', 'ab', 'Ə', 'A1', 'Ç']) {
      expect(errorsOf(fnBatchCreateSchema.safeParse({ ...batch, series })).series).toBeDefined();
    }
  });

  it('refuses numbers that are not six digits, and a JSON number', () => {
    for (const start_number of ['1', '0000001', '000000', 1, 'abcdef']) {
      expect(errorsOf(fnBatchCreateSchema.safeParse({ ...batch, start_number })).start_number).toBe(
        typeof start_number === 'number' ? fnMessages.numberRequired : fnMessages.numberInvalid,
      );
    }
  });

  it('needs finish >= start and at most 100,000 numbers', () => {
    expect(
      errorsOf(fnBatchCreateSchema.safeParse({ ...batch, start_number: '000010', finish_number: '000009' })),
    ).toEqual({
      finish_number: fnMessages.finishBeforeStart,
    });
    expect(fnBatchCreateSchema.safeParse({ ...batch, start_number: '000001', finish_number: '100000' }).success).toBe(
      true,
    );
    expect(
      errorsOf(fnBatchCreateSchema.safeParse({ ...batch, start_number: '000001', finish_number: '100001' })),
    ).toEqual({
      finish_number: fnMessages.tooManyNumbers(maxBatchNumbers),
    });
  });

  it('takes a validity count and one of four units', () => {
    for (const expire_date_type of ['month', 'quarter', 'half-year', 'year'])
      expect(fnBatchCreateSchema.safeParse({ ...batch, expire_date_type }).success).toBe(true);
    expect(errorsOf(fnBatchCreateSchema.safeParse({ ...batch, expire_date_type: 'week' })).expire_date_type).toBe(
      fnMessages.expireDateTypeInvalid,
    );
    expect(errorsOf(fnBatchCreateSchema.safeParse({ ...batch, expire_date: 0 })).expire_date).toBe(
      fnMessages.expireDateInvalid,
    );
  });
});

describe('share body', () => {
  it('is a list of ids or a full range', () => {
    expect(fnShareSchema.parse({ inspector: 3, forms: [1, 2] })).toMatchObject({ forms: [1, 2] });
    expect(
      fnShareSchema.parse({ inspector: 3, series: 'AB', number_from: '000001', number_to: '000003' }),
    ).toMatchObject({
      number_from: 1,
      number_to: 3,
    });
    expect(errorsOf(fnShareSchema.safeParse({ inspector: 3 }))).toEqual({ forms: fnMessages.formsRequired });
    expect(Object.keys(errorsOf(fnShareSchema.safeParse({ inspector: 3, series: 'AB' })))).toEqual([
      'number_from',
      'number_to',
    ]);
    expect(
      errorsOf(fnShareSchema.safeParse({ inspector: 3, series: 'AB', number_from: '000005', number_to: '000004' })),
    ).toEqual({ number_to: fnMessages.finishBeforeStart });
  });
});

describe('life of a form as data', () => {
  it('lets only the operator accept, A annul, and nobody move a voided form', () => {
    expect(canMoveForm('accept', 'new', 'F')).toBe(true);
    expect(canMoveForm('accept', 'new', 'B')).toBe(false);
    expect(canMoveForm('share', 'active', 'F')).toBe(true);
    expect(canMoveForm('share', 'new', 'F')).toBe(false);
    expect(canMoveForm('annul', 'paid', 'A')).toBe(true);
    expect(canMoveForm('annul', 'paid', 'B')).toBe(false);
    expect(fnTransitions.some((t) => t.from.includes('voided'))).toBe(false);
  });

  it("matches the roles' permissions: whoever may share, unshare or void holds change_fn; annul only A", () => {
    for (const movement of ['share', 'unshare', 'void'] as const) {
      const transition = fnTransitions.find((t) => t.movement === movement)!;
      for (const role of ['A', 'B', 'C', 'D', 'E', 'F'] as const) {
        expect(permissionsOfRole(role).includes('change_fn'), `${movement} ${role}`).toBe(
          transition.roles.includes(role),
        );
      }
    }
    for (const role of ['B', 'C', 'D', 'E', 'F'] as const) expect(permissionsOfRole(role)).not.toContain('delete_fn');
    expect(permissionsOfRole('B')).toEqual(expect.arrayContaining(['add_fnbatch', 'change_fnbatch', 'delete_fnbatch']));
    expect(permissionsOfRole('F')).toContain('view_fnbatch');
    expect(permissionsOfRole('F')).not.toContain('add_fnbatch');
  });

  it('reads a paid form past its validity as expired, at read time', () => {
    expect(effectiveNoticeStatus(4, '2026-01-31', '2026-02-01')).toBe(1);
    expect(effectiveNoticeStatus(2, '2026-01-31', '2026-01-31')).toBe(2);
    expect(effectiveNoticeStatus(0, '2020-01-01', '2026-01-01')).toBe(0);
    expect(effectiveNoticeStatus(null, null, '2026-01-01')).toBe(null);
  });
});
