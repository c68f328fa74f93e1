import {
  driverResource,
  fieldInputSchema,
  groupInputSchema,
  resourceInputSchema,
  resourceMessages,
  userCreateSchema,
  userMessages,
} from '@dnx/shared';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  applyFieldErrors,
  applyServerErrors,
  firstInFormOrder,
  issueFieldErrors,
  schemaProblem,
  schemaRule,
  schemaRules,
  serverFieldErrors,
} from './form-rules';

/** Runs an Ant Design validator rule the way the form does; resolves to its message or null. */
async function check(rule: RuleObject, value: unknown): Promise<string | null> {
  try {
    await rule.validator!(rule, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('schemaRule', () => {
  const { email, region, password, date_of_birth } = userCreateSchema.shape;

  it('gives the shared schema message for an empty field', async () => {
    expect(await check(schemaRule(email), undefined)).toBe(userMessages.emailRequired);
    expect(await check(schemaRule(region), undefined)).toBe(userMessages.regionRequired);
  });

  it('gives the first failing rule only, and passes valid values', async () => {
    expect(await check(schemaRule(email), 'not-an-email')).toBe(userMessages.emailInvalid);
    expect(await check(schemaRule(email), 'Orxan@Demo.az')).toBeNull();
    expect(await check(schemaRule(password), '12345678')).toBe(
      'Password can not be contain only numerical symbols! [az_AZ(0-9)@#&/*]',
    );
  });

  it('lets an optional field stay empty (the password on edit)', async () => {
    expect(await check(schemaRule(password, { optional: true }), '')).toBeNull();
    expect(await check(schemaRule(password, { optional: true }), 'short')).toBe('Password must be great than equal 8.');
  });

  it('checks what the API gets when a field holds something else (a picked day)', async () => {
    const rule = schemaRule(date_of_birth, { toApi: (v) => (v === 'picked' ? '1990-04-15' : 'bad') });
    expect(await check(rule, 'picked')).toBeNull();
    expect(await check(rule, 'other')).toBe(userMessages.birthDayInvalid);
  });

  it('builds rules for every field of a schema', async () => {
    const rules = schemaRules(groupInputSchema.shape);
    expect(await check(rules.name[0]!, '  ')).toBe(userMessages.groupNameRequired);
    expect(schemaProblem(groupInputSchema.shape.name, 'Operatorlar')).toBeNull();
  });
});

describe('server field errors', () => {
  const refused = new ApiError(400, {
    email: ['Bu email ilə istifadəçi artıq mövcuddur.'],
    confirm_password: ['a', 'b'],
    detail: 'not a field',
  });

  it('reads DRF field errors, not detail', () => {
    expect(serverFieldErrors(refused)).toEqual([
      ['email', 'Bu email ilə istifadəçi artıq mövcuddur.'],
      ['confirm_password', 'a b'],
    ]);
    expect(serverFieldErrors(new ApiError(409, { name: ['x'] }))).toEqual([]);
    expect(serverFieldErrors(new Error('network'))).toEqual([]);
  });

  it('puts them under the form fields, renamed where the form names them differently', () => {
    const set: unknown[] = [];
    const form = { setFields: (fields: unknown[]) => void set.push(...fields) };
    const placed = applyServerErrors(form, refused, ['email', 'confirmPassword'], {
      confirm_password: 'confirmPassword',
    });
    expect(placed).toEqual(['email', 'confirmPassword']);
    expect(set).toEqual([
      { name: 'email', errors: ['Bu email ilə istifadəçi artıq mövcuddur.'] },
      { name: 'confirmPassword', errors: ['a b'] },
    ]);
  });

  it('leaves out keys the form does not have', () => {
    const form = { setFields: () => undefined };
    expect(applyServerErrors(form, new ApiError(400, { pkList: ['x'] }), ['email'])).toEqual([]);
  });
});

describe('whole-schema checks', () => {
  const licenceStart = driverResource.fields.find((f) => f.name === 'driving_license_start_date')!;

  it('checks an empty date as null, so a required one says it is required', async () => {
    const rule = schemaRule(fieldInputSchema(licenceStart), { empty: null });
    expect(await check(rule, undefined)).toBe(resourceMessages.required(licenceStart.label));
    expect(await check(rule, '2020-01-01')).toBeNull();
  });

  it('puts a cross-field rule under the field it names, the first issue of each field', () => {
    const parsed = resourceInputSchema(driverResource).safeParse({
      last_name: 'Məmmədov',
      first_name: 'Orxan',
      parent_name: 'Əli',
      identity_fin_code: '5ABC12D',
      driving_license_start_date: '2020-05-01',
      driving_license_finish_date: '2020-04-01',
      driving_category: ['B'],
      status: 1,
    });
    const errors = issueFieldErrors(parsed.error?.issues ?? []);
    expect(errors).toEqual([['driving_license_finish_date', resourceMessages.licenceFinishBeforeStart]]);
    const set: unknown[] = [];
    applyFieldErrors({ setFields: (fields: unknown[]) => void set.push(...fields) }, errors, ['status']);
    expect(set).toEqual([]);
    expect(issueFieldErrors([{ message: 'a', path: ['x'] }, { message: 'b', path: ['x'] }, { message: 'c' }])).toEqual([
      ['x', 'a'],
    ]);
  });
});

describe('firstInFormOrder', () => {
  const order = ['email', 'password', 'confirm_password', 'first_name'];

  it('picks the failed field that comes first in the form, not first in the answer', () => {
    expect(firstInFormOrder(['first_name', 'password'], order)).toBe('password');
    expect(firstInFormOrder(['confirm_password', 'email'], order)).toBe('email');
  });

  it('puts a name the form does not list last, and has nothing for no errors', () => {
    expect(firstInFormOrder(['pkList', 'first_name'], order)).toBe('first_name');
    expect(firstInFormOrder(['pkList'], order)).toBe('pkList');
    expect(firstInFormOrder([], order)).toBeUndefined();
  });
});
