import { errorMessages } from '@dnx/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A multipart body the server cannot take (issue 56), on every upload route: cut short, it is a 400 in the usual
 * shape (busboy's "Unexpected end of multipart data" was a 500); two file parts are a 400 "one file only" (three, past
 * the form's limit, a 400 too), not a 413 "too large" for a few bytes.
 */
describe('a broken multipart upload', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const routes = ['/api/bank-statements/', '/api/imports/'];
  const csv = Buffer.from('type;date;amount\nopening;2026-01-01;0\nclosing;2026-01-01;0\n');

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az')).headers;
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: Buffer, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...admin, ...headers } });

  it('answers a body cut short with 400 and the reason', async () => {
    for (const url of routes) {
      const body = multipart({ resource: 'cities', file: { file: csv, name: 's.csv', type: 'text/csv' } });
      const cut = body.payload.subarray(0, body.payload.length - 40);
      const res = await post(url, cut, body.headers);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ detail: errorMessages.multipartBroken });
    }
  });

  it('answers a multipart type without its boundary with 400 and the reason, signed in or not', async () => {
    const body = Buffer.from(
      '--X\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nx\r\n--X--\r\n',
    );
    const noBoundary = { 'content-type': 'multipart/form-data' };
    for (const url of [...routes, '/api/public/online/carriers/', '/api/public/online/payments/']) {
      const res = await post(url, body, noBoundary);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ detail: errorMessages.multipartBroken });
    }
  });

  it('answers two file parts with 400 "one file only"', async () => {
    for (const url of routes) {
      const boundary = 'dnx-two-files';
      const field = `--${boundary}\r\nContent-Disposition: form-data; name="resource"\r\n\r\ncities\r\n`;
      const part = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\n${csv.toString()}\r\n`,
      );
      const end = Buffer.from(`--${boundary}--\r\n`);
      const one = { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
      const payload = Buffer.concat([Buffer.from(field), part, part, end]);
      const res = await post(url, payload, one.headers);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ file: [errorMessages.oneFile] });
      // Three files are past the form's limit: a 400 all the same, never a 413.
      const three = Buffer.concat([Buffer.from(field), part, part, part, end]);
      const past = await post(url, three, one.headers);
      expect(past.statusCode, past.body).toBe(400);
      expect(past.json()).toEqual({ detail: errorMessages.tooManyFiles });
    }
  });
});
