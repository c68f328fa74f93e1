import { mfaStatusSchema, passkeyRegisterStartSchema, stepUpSchema, webauthnRequestAnswerSchema } from '@dnx/shared';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';
import type { ZodApp } from '../../lib/zod-app';
import { common, signedIn, throttledError } from './factor-route-parts';

/** Step-up: the signed-in user confirms their factor (or password) for this session's sensitive actions. */
export function stepUpRoutes(app: ZodApp) {
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
}
