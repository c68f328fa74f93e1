import { errorMessages, inputMessages, listMessages, userMessages } from '@dnx/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The causes of the 5xx answers found from outside, each now a 400 under its field (or a 404 for a path that
 * names no record), with the seed left whole.
 */

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await signInAs(t, 'admin@demo.az');
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: admin.headers, payload: payload as Record<string, unknown> });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });

const forbidden = [inputMessages.textForbiddenCharacters];

describe('text', () => {
  it('refuses NUL, control characters and lone surrogates under the field', async () => {
    for (const name of ['a\u0000b', 'qırmızı \u001b[31m\u0007', 'a\u0085b', 'g\ud800', '\udc00', 'two\nlines']) {
      const res = await post('/api/route-companies/', { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({ name: forbidden });
    }
    const group = await post('/api/user/groups/', { name: 'g\ud800', permissions: [] });
    expect(group.json()).toEqual({ name: forbidden });
  });

  it('keeps tab and newlines where a field is multi-line, and refuses the other controls there', async () => {
    const ok = await post('/api/fn-statuses/', {
      name: 'Çoxsətirli',
      description: 'birinci\nikinci\tsətir',
      status: 1,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const bad = await post('/api/fn-statuses/', { name: 'Zəngli', description: 'zəng\u0007', status: 1 });
    expect(bad.json()).toEqual({ description: forbidden });
  });

  it('refuses them in search and text filters of a list', async () => {
    expect((await get('/api/route-companies/?search=%00')).json()).toEqual({ search: forbidden });
    expect((await get('/api/user/users/?email=%00')).json()).toEqual({ email: forbidden });
    expect((await get('/api/drivers/?first_name=a%1Bb')).json()).toEqual({ first_name: forbidden });
  });

  it('refuses a NUL in the sign-in e-mail before any lookup', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'a\u0000@demo.az', password: 'x', gtoken: 'y' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ email: forbidden });
  });
});

describe('ids', () => {
  it('takes only JSON numbers within int4 in bodies', async () => {
    for (const pkList of [
      [2147483648],
      [9007199254740991],
      [[[[5]]]],
      ['5'],
      [' 5 '],
      ['0x2c'],
      ['45.0'],
      [0],
      [1.5],
    ]) {
      const res = await post('/api/regions/delete-multiple/', { pkList });
      expect(res.statusCode, JSON.stringify(pkList)).toBe(400);
      expect(Object.keys(res.json() as object)[0]).toMatch(/^pkList/);
    }
    const status = await post('/api/user/users/change-account-status/', { id: 2147483648, is_active: false });
    expect(Object.keys(status.json() as object)).toEqual(['id']);
    const group = await post('/api/user/groups/', { name: 'Böyük', permissions: [9007199254740991] });
    expect(Object.keys(group.json() as object)).toEqual(['permissions.0']);
    const model = await post('/api/automobile-models/', { name: 'X', brand: 2147483648, status: 1 });
    expect(Object.keys(model.json() as object)).toEqual(['brand']);
    const region = await get('/api/user/users/?region=2147483648');
    expect(region.json()).toEqual({ region: [listMessages.idInvalid] });
  });

  it('answers 404 for a path id that is not the canonical decimal, and changes nothing', async () => {
    const before = (await get('/api/regions/1/')).json() as { name: string; version: number };
    for (const id of ['00001', '0x1', '+1', '1.0', '2147483648', '%20 1', '1e0']) {
      const read = await get(`/api/regions/${id}/`);
      expect(read.statusCode, id).toBe(404);
      expect(read.json()).toEqual({ detail: errorMessages.notFound });
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/regions/${id}/`,
        headers: admin.headers,
        payload: { name: 'Dəyişdirilmiş', coefficient: '2', status: 1, version: before.version },
      });
      expect(put.statusCode, id).toBe(404);
    }
    expect(((await get('/api/regions/1/')).json() as { name: string }).name).toBe(before.name);
    const groups = await t.app.inject({ method: 'DELETE', url: '/api/user/groups/0x10/', headers: admin.headers });
    expect(groups.statusCode).toBe(404);
  });
});

describe('dates', () => {
  it('refuses a day that does not exist, everywhere the same way', async () => {
    for (const day of ['2021-02-29', '2021-04-31', '0000-01-01', '10000-01-01']) {
      const list = await get(`/api/user/users/?date_of_birth=${day}`);
      expect(list.json(), day).toEqual({ date_of_birth: [listMessages.dateInvalid] });
      const account = await post('/api/user/users/create-account/', {
        email: `dates-${day}@test.az`,
        password: 'Parol1234',
        confirm_password: 'Parol1234',
        first_name: 'Ad',
        last_name: 'Soyad',
        parent_name: 'Ata',
        phone: '+994501234567',
        date_of_birth: day,
        region: 1,
      });
      expect(account.json(), day).toEqual({ date_of_birth: [userMessages.birthDayInvalid] });
      const driver = await post('/api/drivers/', {
        first_name: 'A',
        last_name: 'B',
        parent_name: 'C',
        identity_fin_code: 'AAAAAAA',
        driving_license_start_date: day,
        driving_license_finish_date: '2030-01-01',
        driving_category: ['B'],
      });
      expect(Object.keys(driver.json() as object), day).toContain('driving_license_start_date');
    }
  });
});

describe('framing', () => {
  it('answers malformed JSON, an empty body and a __proto__ key on the public routes in their own shape', async () => {
    for (const url of [
      '/api/token/',
      '/api/token/verify/',
      '/api/refresh/',
      '/api/user/users/forgot-password/',
      '/api/user/users/reset-password/',
    ]) {
      for (const payload of ['{bad', '', '{"__proto__": {"x": 1}}']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json()).toEqual({ detail: errorMessages.jsonParse });
      }
    }
  });
});
