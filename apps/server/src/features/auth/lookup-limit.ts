import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { throttled } from '../../lib/http-errors';
import { releaseRateLimit, takeRateLimit } from '../../lib/rate-limit';

/**
 * The per-address limit of the public look-ups (issue 40: request tracking, receipt check, reminders' opt-out), as
 * sign-in's: each look-up takes a hit before it runs (429 with Retry-After past `PUBLIC_LOOKUP_RATE_LIMIT` within
 * `PUBLIC_LOOKUP_RATE_WINDOW`), and one that found what it asked for gives it back, so only wrong guesses count.
 * All three share one count: a guesser cannot spread over them. Spread the hooks into the route's options.
 */
export function publicLookupLimit(
  db: Database,
  config: Pick<Config, 'PUBLIC_LOOKUP_RATE_LIMIT' | 'PUBLIC_LOOKUP_RATE_WINDOW'>,
) {
  const hits = new WeakMap<FastifyRequest, number[]>();
  return {
    async preHandler(request: FastifyRequest) {
      const limit = await takeRateLimit(db, [
        {
          scope: 'lookup:address',
          key: request.ip,
          limit: config.PUBLIC_LOOKUP_RATE_LIMIT,
          window: config.PUBLIC_LOOKUP_RATE_WINDOW,
        },
      ]);
      if (!limit.allowed) throw throttled(limit.retryAfter);
      hits.set(request, limit.hitIds);
    },
    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const taken = hits.get(request);
      if (taken && reply.statusCode < 400) await releaseRateLimit(db, taken);
      return payload;
    },
  };
}
