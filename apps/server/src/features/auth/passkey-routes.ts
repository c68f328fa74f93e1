import {
  idParamsSchema,
  passkeyRegisteredSchema,
  passkeyRegisterSchema,
  passkeyRegisterStartSchema,
  webauthnCreationAnswerSchema,
} from '@dnx/shared';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';
import type { ZodApp } from '../../lib/zod-app';
import { common, signedIn } from './factor-route-parts';

/** The signed-in user's passkeys: register one (its options, then its answer), remove one. */
export function passkeyRoutes(app: ZodApp) {
  app.post(
    '/api/user/mfa/webauthn/register/',
    {
      config: { ...signedIn, stepUp: 'everyone' },
      schema: {
        ...common,
        operationId: 'passkeyRegistrationOptions',
        summary:
          "The options of a new passkey (platform or security key; the user's own excluded), for " +
          'navigator.credentials.create; a user who has a second factor confirms it first (step-up)',
        body: passkeyRegisterStartSchema,
        response: { 200: webauthnCreationAnswerSchema, ...signedInErrors },
      },
    },
    async (request) => ({ options: await app.mfa.registrationOptions(authUser(request)) }),
  );

  app.post(
    '/api/user/mfa/webauthn/register/verify/',
    {
      config: { ...signedIn, stepUp: 'everyone' },
      schema: {
        ...common,
        operationId: 'registerPasskey',
        summary:
          "The new passkey's answer and its name: kept; with the ten recovery codes (shown once) when it is the " +
          "user's first factor. An answer that does not hold 400; the same key again 409",
        body: passkeyRegisterSchema,
        response: { 200: passkeyRegisteredSchema, ...signedInErrors },
      },
    },
    async (request) => app.mfa.registerPasskey(authUser(request), request.body.name, request.body.credential),
  );

  app.delete(
    '/api/user/mfa/webauthn/:id/',
    {
      config: signedIn,
      schema: {
        ...common,
        operationId: 'removePasskey',
        summary:
          "Remove one of the user's passkeys; refused (409) when it is the last factor and a group requires one; " +
          'needs a fresh second factor',
        params: idParamsSchema,
        response: { 204: z.null().meta({ description: 'Removed' }), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const user = authUser(request);
      await app.mfa.removePasskey(user, user.sessionId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
