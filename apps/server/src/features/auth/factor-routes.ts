import { mfaStatusSchema, noQuerySchema, recoveryCodesSchema } from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';
import { common, signedIn } from './factor-route-parts';
import { passkeyRoutes } from './passkey-routes';
import { stepUpRoutes } from './step-up-routes';

/**
 * The signed-in user's second factor (issue 27): what they have, step-up, new recovery codes, turning it off. The
 * enrolment and the sign-in's second step are in the auth routes; an administrator's reset of someone else's is an
 * action on that account (the users routes).
 */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/mfa/',
    {
      config: signedIn,
      schema: {
        ...common,
        operationId: 'getMfa',
        summary:
          'What the user has: an authenticator app, passkeys, recovery codes left, whether a group requires a second ' +
          'factor or allows a passkey alone, and when it was last confirmed in this session',
        querystring: noQuerySchema,
        response: { 200: mfaStatusSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const user = authUser(request);
      return app.mfa.status(user.id, user.sessionId);
    },
  );

  stepUpRoutes(app);
  passkeyRoutes(app);

  app.post(
    '/api/user/mfa/recovery-codes/',
    {
      config: signedIn,
      schema: {
        ...common,
        operationId: 'regenerateRecoveryCodes',
        summary: 'Ten new recovery codes, shown once (the old ones stop working); needs a fresh second factor',
        response: { 200: recoveryCodesSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const user = authUser(request);
      return app.mfa.regenerateRecoveryCodes(user, user.sessionId);
    },
  );

  app.delete(
    '/api/user/mfa/totp/',
    {
      config: signedIn,
      schema: {
        ...common,
        operationId: 'removeTotp',
        summary:
          'Turn the authenticator app off (the recovery codes go with the last factor); refused (409) when it is ' +
          'the last factor and a group requires one; needs a fresh second factor',
        response: { 204: z.null().meta({ description: 'Removed' }), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const user = authUser(request);
      await app.mfa.removeTotp(user, user.sessionId);
      return reply.status(204).send(null);
    },
  );
};
