import {
  detailErrorSchema,
  inspectChecksResultSchema,
  inspectChecksSchema,
  jwksSchema,
  noQuerySchema,
  signedSnapshotSchema,
  snapshotQuerySchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';
import { inspectMetrics } from './inspect-metrics';

/**
 * The inspector's phone (issue 46): the published keys at `/.well-known/jwks.json` (public, cacheable), the signed
 * snapshot of the marks of the inspector's regions and the checks the phone sends back.
 */
export const inspectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { signingKeys, inspect } = app.services;
  const common = { tags: ['inspect'], security: [{ bearer: [] }] };
  const checkAccess = { access: { permissions: ['check_fn'] } } as const;
  inspectMetrics(app.metrics.registry, inspect.snapshot);

  app.get(
    '/.well-known/jwks.json',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: jwksSchema } },
    },
    async (_request, reply) => {
      // A phone refreshes the keys when it syncs; a retired key stays in the set through its window.
      reply.header('cache-control', 'public, max-age=300');
      return signingKeys.published();
    },
  );

  app.get(
    '/api/inspect/snapshot/',
    {
      config: checkAccess,
      schema: {
        operationId: 'getInspectSnapshot',
        ...common,
        summary:
          "The signed snapshot of the marks of the inspector's regions (every region for a national user): a flattened " +
          'JWS with the payload unencoded (RFC 7797), checked with /.well-known/jwks.json. Without `since`, or with a ' +
          'cursor of other regions, in full; with the cursor of the last one, the marks changed since and those removed ' +
          '(a cursor whose delta would bring more than INSPECT_DELTA_MAX_CHANGES marks: in full, from the cache). ' +
          'A person with no region and no national group: 403; past INSPECT_RATE_LIMIT a person: 429 with Retry-After',
        querystring: snapshotQuerySchema,
        response: { 200: signedSnapshotSchema, ...signedInErrors, 429: detailErrorSchema },
      },
    },
    async (request) => inspect.snapshot.snapshot(authUser(request), request.query.since),
  );

  app.post(
    '/api/inspect/checks/',
    {
      config: checkAccess,
      schema: {
        operationId: 'recordInspectChecks',
        ...common,
        summary:
          'The checks a phone made (at most 500), each with its own UUID: recorded once (a check sent again is named ' +
          "among the duplicates), into the form's history and the audit trail. Refused, each with its reason: a mark " +
          "outside the person's regions, a check dated after now plus INSPECT_CLOCK_SKEW or before " +
          'INSPECT_SNAPSHOT_MAX_AGE, a snapshot dated after its check, more than 20 checks of one mark in 24 hours. ' +
          'Past INSPECT_RATE_LIMIT a person: 429 with Retry-After',
        querystring: noQuerySchema,
        body: inspectChecksSchema,
        response: { 200: inspectChecksResultSchema, ...signedInErrors, 429: detailErrorSchema },
      },
    },
    async (request) => inspect.recordChecks(authUser(request), request.body.checks),
  );
};
