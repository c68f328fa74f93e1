import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { enMessages, errorMessages, ruMessages } from '@dnx/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends `size` bytes of a JSON-looking body as fast as the socket takes them, as a client that does not wait for an
 * early answer (fetch, a proxy): with `chunked`, without a Content-Length. Resolves with the answer once the whole body
 * was written and the answer read; rejects on a broken connection (EPIPE, ECONNRESET) at any point, as fetch does.
 */
function postLargeBody(port: number, size: number, headers: Record<string, string>, chunked = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/token/',
      headers: {
        'content-type': 'application/json',
        ...(chunked ? {} : { 'content-length': String(size) }),
        ...headers,
      },
    });
    let answer: Answer | null = null;
    let written = false;
    const settle = () => {
      if (answer && written) resolve(answer);
    };
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        answer = { status: response.statusCode!, headers: response.headers, body };
        settle();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!request.write(piece)) {
          request.once('drain', write);
          return;
        }
      }
      request.end(() => {
        written = true;
        settle();
      });
    };
    write();
  });
}

/**
 * A body over the limit (issue 44): the client still sending it reads a 413 in its language, in the usual error shape,
 * on a real socket (the server reads the rest of the body before it answers and closes), never a broken connection.
 */
describe('a body over the limit', () => {
  let t: TestApp;
  let port: number;
  // Fastify's default limit is 1 MiB: 8 MiB keeps the client writing long after the server has seen the headers.
  const size = 8 * 1024 * 1024;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 413 in Russian to a client that is still writing a body with its Content-Length', async () => {
    const answer = await postLargeBody(port, size, { 'accept-language': 'ru' });
    expect(answer.status).toBe(413);
    expect(answer.headers['content-language']).toBe('ru');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ detail: ruMessages.errorMessages.bodyTooLarge });
  });

  it('answers 413 in English to a chunked body, and in Azerbaijani by default', async () => {
    const english = await postLargeBody(port, size, { 'accept-language': 'en' }, true);
    expect(english.status).toBe(413);
    expect(JSON.parse(english.body)).toEqual({ detail: enMessages.errorMessages.bodyTooLarge });
    const azerbaijani = await postLargeBody(port, size, {});
    expect(azerbaijani.status).toBe(413);
    expect(JSON.parse(azerbaijani.body)).toEqual({ detail: errorMessages.bodyTooLarge });
  });

  it('answers an unsupported format in the caller’s language too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/xml', 'accept-language': 'ru' },
      payload: '<email/>',
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toEqual({ detail: ruMessages.errorMessages.unsupportedMediaType });
  });
});
