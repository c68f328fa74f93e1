import { defaultLanguage, languageFromHeader, languages, translateMessage, type Language } from '@dnx/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The language of the caller: a signed-in user's preference, else `Accept-Language`, else Azerbaijani. */
export function requestLanguage(request: FastifyRequest): Language {
  return request.user?.language ?? languageFromHeader(request.headers['accept-language'], languages) ?? defaultLanguage;
}

/** Every string of an error body (`detail`, each field's list, nested rows' fields) in `language`. */
function translateError(value: unknown, language: Language): unknown {
  if (typeof value === 'string') return translateMessage(value, language);
  if (Array.isArray(value)) return value.map((item) => translateError(item, language));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, translateError(item, language)]));
  }
  return value;
}

/** A success body's own words (`message`, `detail`) in `language`; its data stay as they are. */
function translateSuccess(body: Record<string, unknown>, language: Language): Record<string, unknown> {
  const translated = { ...body };
  for (const key of ['message', 'detail'] as const) {
    if (typeof body[key] === 'string') translated[key] = translateMessage(body[key], language);
  }
  return translated;
}

/**
 * Server messages in the caller's language (issue 30), at one place on the way out: the shared `*Messages` texts
 * are written in Azerbaijani (the contract) and an English or Russian caller gets their counterparts. An
 * Azerbaijani caller's answer is not touched. A text outside the catalogue stays Azerbaijani.
 */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const language = requestLanguage(request);
    if (language === defaultLanguage || typeof payload !== 'string') return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    const error = reply.statusCode >= 400;
    // A success body is read only when it is small and may carry a message (`{message}`, an online request's
    // `{id, code, status, detail}`): lists and records are left alone.
    if (!error && (payload.length > 2048 || !/"(?:message|detail)":"/.test(payload))) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (body === null || typeof body !== 'object') return payload;
    reply.header('content-language', language);
    const translated = error
      ? translateError(body, language)
      : translateSuccess(body as Record<string, unknown>, language);
    return JSON.stringify(translated);
  });
});
