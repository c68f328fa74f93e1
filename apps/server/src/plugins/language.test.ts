import { drfMessages, enMessages, fnMessages, ruMessages, userMessages } from '@dnx/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regions } from '../db/schema';
import { signInAs, type SignedIn } from '../test/auth-helpers';
import { multipart, smallPdf } from '../test/multipart';
import { createTestApp, solveCaptcha, type TestApp } from '../test/test-app';

const checkUnknown = '/api/fn/check/?series=QQQ&number=000099';

describe('server messages in the caller’s language', () => {
  let t: TestApp;
  let russian: SignedIn;
  let azerbaijani: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    russian = await signInAs(t, 'inspector@demo.az');
    azerbaijani = await signInAs(t, 'regional@demo.az');
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/user-profile/preferences/',
      payload: { language: 'ru' },
      headers: russian.headers,
    });
    expect(chosen.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const changePhone = (headers: Record<string, string>, phone: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/user-profile/change-phone/', payload: { phone }, headers });

  it('answers a Russian user’s field error and success message in Russian, whatever Accept-Language says', async () => {
    const bad = await changePhone({ ...russian.headers, 'accept-language': 'az' }, '0501234567');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ phone: [ruMessages.userMessages.phoneInvalid] });
    expect(bad.json()).toEqual({ phone: ['Номер телефона должен быть в формате +994XXXXXXXXX.'] });
    expect(bad.headers['content-language']).toBe('ru');
    const good = await changePhone(russian.headers, '+994701112233');
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ message: 'Ваш номер телефона изменён.' });
  });

  it('fills a template (series and number) in Russian', async () => {
    const res = await t.app.inject({ method: 'GET', url: checkUnknown, headers: russian.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Отличительный знак QQQ 000099 не найден.' });
  });

  it('keeps an Azerbaijani user’s answers exactly as they were, even with a Russian browser', async () => {
    const bad = await changePhone({ ...azerbaijani.headers, 'accept-language': 'ru-RU,ru;q=0.9' }, '0501234567');
    expect(bad.json()).toEqual({ phone: [userMessages.phoneInvalid] });
    expect(bad.headers['content-language']).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: checkUnknown, headers: azerbaijani.headers });
    expect(missing.json()).toEqual({ detail: fnMessages.unknownNumber('QQQ', '000099') });
    const good = await changePhone(azerbaijani.headers, '+994701112244');
    expect(good.json()).toEqual({ message: userMessages.phoneChanged });
  });

  it('answers a caller who is not signed in by Accept-Language, Azerbaijani without it', async () => {
    const url = '/api/public/reminders/not-a-real-token-0000000000000000/';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(404);
    const azBody = plain.json() as { detail: string };
    const ru = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' } });
    const en = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-GB' } });
    const other = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'de-DE' } });
    expect(ru.statusCode).toBe(404);
    expect(ru.json()).not.toEqual(azBody);
    expect([ruMessages.reminderMessages.tokenUnknown, ruMessages.errorMessages.notFound]).toContain(
      (ru.json() as { detail: string }).detail,
    );
    expect([enMessages.reminderMessages.tokenUnknown, enMessages.errorMessages.notFound]).toContain(
      (en.json() as { detail: string }).detail,
    );
    expect(other.json()).toEqual(azBody);
  });

  it('translates the message of a success body that carries data before it (an online request)', async () => {
    const [region] = await t.database.db.select({ id: regions.id }).from(regions).limit(1);
    const body = multipart({
      name: 'Dil Yoxlaması MMC',
      voen: '7700000991',
      address: 'Bakı',
      phone: '+994501112233',
      email: 'dil@example.az',
      info: '',
      region: String(region!.id),
      consent: 'true',
      gtoken: await solveCaptcha(t.app),
      registration_certificate: { file: smallPdf, name: 'şəhadətnamə.pdf' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/online/carriers/',
      remoteAddress: '10.30.0.1',
      headers: { ...body.headers, 'accept-language': 'ru' },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 1, detail: ruMessages.onlineMessages.submitted });
  });

  it('leaves lists and records untouched in any language', async () => {
    // Both may read it (a 403 was read here before: its words are translated now, issue 44).
    const az = await t.app.inject({ method: 'GET', url: '/api/regions/available/', headers: azerbaijani.headers });
    const ru = await t.app.inject({ method: 'GET', url: '/api/regions/available/', headers: russian.headers });
    expect(az.statusCode).toBe(200);
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toBe(az.body);
  });
});

/** Django REST Framework's own words (issue 44): a missing field, a refused permission, a throttle, in every language. */
describe('the framework’s words in the caller’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const signInBody = { email: 'not-an-email' };

  it('answers a sign-in without a password in one language: Russian, English, or the contract', async () => {
    const ru = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: signInBody,
      headers: { 'accept-language': 'ru' },
    });
    expect(ru.statusCode).toBe(400);
    expect(ru.json().email).toEqual([ruMessages.authMessages.emailInvalid]);
    expect(ru.json().password).toEqual(['Обязательное поле.']);
    expect(ru.json().gtoken).toEqual(['Обязательное поле.']);

    const en = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: signInBody,
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().email).toEqual([enMessages.authMessages.emailInvalid]);
    expect(en.json().password).toEqual(['This field is required.']);

    const az = await t.app.inject({ method: 'POST', url: '/api/token/', payload: signInBody });
    expect(az.json().password).toEqual([drfMessages.required]);
    expect(az.json().password).toEqual(['This field is required.']);
  });

  it('refuses a cashier a screen of the administrator in the cashier’s language', async () => {
    const cashier = await signInAs(t, 'cashier@demo.az');
    const refused = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/user/users/', headers: { ...cashier.headers, ...headers } });
    const az = await refused({});
    expect(az.statusCode).toBe(403);
    expect(az.json()).toEqual({ detail: 'You do not have permission to perform this action.' });

    for (const language of ['ru', 'en'] as const) {
      const chosen = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/user-profile/preferences/',
        payload: { language },
        headers: cashier.headers,
      });
      expect(chosen.statusCode).toBe(200);
      const res = await refused({});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: (language === 'ru' ? ruMessages : enMessages).drfMessages.permissionDenied,
      });
    }
    expect((await refused({})).json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    const russian = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/user-profile/preferences/',
      payload: { language: 'ru' },
      headers: cashier.headers,
    });
    expect(russian.statusCode).toBe(200);
    expect((await refused({})).json()).toEqual({ detail: 'У вас нет прав для выполнения этого действия.' });
  });

  it('answers a caller without credentials in the language of Accept-Language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/regions/', headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: ruMessages.drfMessages.notAuthenticated });
  });
});
