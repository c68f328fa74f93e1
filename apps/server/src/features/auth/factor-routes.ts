import {
  idParamsSchema,
  mfaStatusSchema,
  noQuerySchema,
  passkeyRegisteredSchema,
  passkeyRegisterSchema,
  passkeyRegisterStartSchema,
  recoveryCodesSchema,
  stepUpSchema,
  webauthnCreationAnswerSchema,
  webauthnRequestAnswerSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';

const common = { tags: ['mfa'], security: [{ bearer: [] }] };
const signedIn = { access: { permissions: [] } } as const;
const throttledError = { 429: z.object({ detail: z.string() }) };

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

  app.post(
    '/api/user/mfa/step-up/',
    {
      config: signedIn,
      schema: {
        ...common,
        operationId: 'stepUp',
        summary:
          "Confirm the second factor (a code, a recovery code, or a passkey's answer to POST " +
          '/api/user/mfa/step-up/webauthn/) for this session, or the password of a user who has no factor (400 for ' +
          'a user who has one): paying a payment, annulling a paid form, acting on another account (its groups, ' +
          'password, e-mail, status, sessions, second factor) and adding a factor then work for 10 minutes',
        body: stepUpSchema,
        response: { 200: mfaStatusSchema, ...signedInErrors, ...throttledError },
      },
    },
    async (request) => {
      const user = authUser(request);
      return app.mfa.stepUp(user, user.sessionId, request.body);
    },
  );

  app.post(
    '/api/user/mfa/step-up/webauthn/',
    {
      config: signedIn,
      schema: {
        ...common,
        operationId: 'stepUpPasskeyOptions',
        summary:
          "The challenge one of the user's passkeys signs for a step-up (single use, 5 minutes); 409 without a passkey",
        body: passkeyRegisterStartSchema,
        response: { 200: webauthnRequestAnswerSchema, ...signedInErrors },
      },
    },
    async (request) => ({ options: await app.mfa.assertionOptions(authUser(request).id) }),
  );

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
