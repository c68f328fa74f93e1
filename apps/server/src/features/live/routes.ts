import { detailErrorSchema, meetsRequirement, presenceParamsSchema, presenceResponseSchema } from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { authErrors, authUser, type AuthUser } from '../../plugins/auth';

const signedIn = { access: { permissions: [] } } as const;
const common = { tags: ['live'], security: [{ bearer: [] }] };

const eventsQuerySchema = z.object({
  lastEventId: z
    .string()
    .max(1_200)
    .optional()
    .meta({
      description:
        'The last event id had (an EventSource cannot send the header); a first stream may name up to 16, ' +
        'separated by spaces (the positions its reads carried): the oldest is resumed from',
    }),
});

/** The live back office (issue 47): `GET /api/events/` and the presence of editors on records. */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const live = app.services.live;

  app.get(
    '/api/events/',
    {
      config: signedIn,
      schema: {
        operationId: 'streamEvents',
        ...common,
        summary:
          'Server-Sent Events for this tab: `change` (rows of a list the reader may see: their permission and region), ' +
          '`counters` (the menu counts), `presence` (the other editors of a record the reader has open) and `reset` ' +
          '(refetch); ids `<bootId>.<token>` (sealed: they tell nothing of events not sent), resumed from ' +
          '`Last-Event-ID` (header) or `lastEventId`; `: ping` every 15 s; 429 with Retry-After past the streams of a ' +
          'session, a user or the process',
        querystring: eventsQuerySchema,
        response: {
          200: z.any().meta({ description: 'text/event-stream', type: 'string' }),
          ...signedInErrors,
          429: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const lastEventId = (Array.isArray(header) ? header[0] : header) ?? request.query.lastEventId;
      await live.openStream(request, reply, lastEventId?.slice(0, 1_200));
      return reply;
    },
  );

  /** The record named by the path, when the actor may read it. */
  async function presenceTarget(actor: AuthUser, resource: string, id: number) {
    const { table, live: liveTable } = live.presenceTarget(resource);
    if (!meetsRequirement(actor.permissions, liveTable.read)) throw authErrors.permissionDenied();
    await live.presence.assertVisible(actor, table, liveTable, id);
  }

  app.put(
    '/api/presence/:resource/:id/',
    {
      config: signedIn,
      schema: {
        operationId: 'openPresence',
        ...common,
        summary:
          'I have this record open for editing (renew every 20 s; it lapses 45 s after the last): answers the others ' +
          'who have it open; a resource without presence or a record the reader cannot read is a 404',
        params: presenceParamsSchema,
        response: { 200: presenceResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const actor = authUser(request);
      const { resource, id } = request.params;
      await presenceTarget(actor, resource, id);
      return { editors: await live.presence.open(actor, resource, id) };
    },
  );

  app.delete(
    '/api/presence/:resource/:id/',
    {
      config: signedIn,
      schema: {
        operationId: 'closePresence',
        ...common,
        summary: 'I closed the record: the others who have it open are told',
        params: presenceParamsSchema,
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = authUser(request);
      const { resource, id } = request.params;
      live.presenceTarget(resource);
      await live.presence.close(actor, resource, id);
      return reply.status(204).send(null);
    },
  );
};
