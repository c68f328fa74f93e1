import { inputMessages, isCleanText } from '@dnx/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fieldErrors } from '../lib/http-errors';

/** Deeper than any request schema goes: past this a value is not looked into (the schemas bound their shapes). */
const maxDepth = 32;

/** Paths (`name`, `rows.2.plate`) of the strings, and keys, that hold control characters or broken Unicode. */
export function uncleanPaths(value: unknown, path = '', depth = 0, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (!isCleanText(value, true)) found.push(path || 'non_field_errors');
  } else if (ArrayBuffer.isView(value)) {
    // An uploaded file's bytes are not text: walked as an object, 20 MB were 20 million keys on the event loop.
    return found;
  } else if (value !== null && typeof value === 'object' && depth < maxDepth) {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (!isCleanText(key)) found.push(path || 'non_field_errors');
      else uncleanPaths(item, itemPath, depth + 1, found);
    }
  }
  return found;
}

/**
 * The class fix for text the database cannot take (NUL) or that should never be stored and shown (terminal
 * escapes, lone surrogates): every text field's schema refuses them under its name; this guard, after the
 * schemas, refuses them in any string a schema took as it is, so a new route cannot forget.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    const paths = [...uncleanPaths(request.query), ...uncleanPaths(request.body)];
    if (paths.length > 0) {
      throw fieldErrors(Object.fromEntries(paths.map((path) => [path, [inputMessages.textForbiddenCharacters]])));
    }
  });
});
