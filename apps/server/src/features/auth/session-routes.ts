import { idParamsSchema, noQuerySchema, sessionMessages, sessionSchema, type SessionInfo } from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { signedInErrors } from '../../lib/api-errors';
import { recordAuditEvent } from '../../lib/audit';
import { notFound } from '../../lib/http-errors';
import { authUser } from '../../plugins/auth';
import { openSessions, revokeOwnSession } from './session-repository';
import { deviceName } from './device';

const common = { tags: ['sessions'], security: [{ bearer: [] }] };
const ended = { 204: z.null().meta({ description: 'Ended' }), ...signedInErrors };

/**
 * Sessions a person can see and end (issue 27): their own open sessions with the device, address, start and last
 * use; ending one signs that device out on its next request, in every process (the change feed drops the cached
 * session). An administrator ends every session of a user (a dismissal).
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/api/user/sessions/',
    {
      config: { access: { permissions: [] } },
      schema: {
        ...common,
        operationId: 'listSessions',
        summary: "The user's open sessions: device (from the User-Agent), address, started, last used, this one",
        querystring: noQuerySchema,
        response: { 200: z.array(sessionSchema), ...signedInErrors },
      },
    },
    async (request): Promise<SessionInfo[]> => {
      const user = authUser(request);
      const rows = await openSessions(app.db, user.id, config.SESSION_MAX_LIFETIME);
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        ip: row.ip,
        started_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt?.toISOString() ?? null,
        current: row.id === user.sessionId,
      }));
    },
  );

  app.delete(
    '/api/user/sessions/:id/',
    {
      config: { access: { permissions: [] } },
      schema: {
        ...common,
        operationId: 'endSession',
        summary: "End one of the user's sessions (another device, or this one); another person's or an ended one 404",
        params: idParamsSchema,
        response: ended,
      },
    },
    async (request, reply) => {
      const user = authUser(request);
      if (!(await revokeOwnSession(app.db, user.id, request.params.id))) throw notFound(sessionMessages.notFound);
      await recordAuditEvent(app.db, {
        actor: user,
        action: 'sign_out',
        result: 'success',
        resource: 'user',
        recordId: user.id,
        objectName: user.email,
        detail: { session: request.params.id },
      });
      return reply.status(204).send(null);
    },
  );
};
