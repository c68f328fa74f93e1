import {
  passkeySignInAnswerSchema,
  passkeySignInSchema,
  signInAnswerSchema,
  tokenObtainRequestSchema,
} from '@dnx/shared';
import type { ZodApp } from '../../lib/zod-app';
import { tokenErrors, throttledError } from './auth-route-parts';
import type { AuthService } from './service';

/** The sign-in: with the password (then, where one is due, the second step), or with a passkey alone. */
export function signInRoutes(app: ZodApp, auth: AuthService) {
  app.post(
    '/api/token/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'obtainToken',
        tags: ['auth'],
        summary:
          'Sign in: an access and a refresh token; or, for a user with a second factor or whose group requires one, ' +
          '`{mfa: "verify"|"enrol", mfa_token, methods}` and no token yet (the second step: POST /api/token/mfa/; the ' +
          'enrolment: POST /api/token/mfa/enrol/ and /enrol/confirm/)',
        body: tokenObtainRequestSchema,
        response: { 200: signInAnswerSchema, ...tokenErrors, ...throttledError },
      },
    },
    async (request) => auth.signIn(request.body, request.ip),
  );

  app.post(
    '/api/token/passkey/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signInWithPasskey',
        tags: ['auth'],
        summary:
          'Sign in with a passkey alone, no password (where a group of the user allows it): `{}` -> `{options}`, a ' +
          "challenge any passkey of this site signs (user verification required); then `{webauthn}`, the passkey's " +
          'answer -> an access and a refresh token. An answer that does not hold, or a group that does not allow it, ' +
          '400; limited per address (429)',
        body: passkeySignInSchema,
        response: { 200: passkeySignInAnswerSchema, ...tokenErrors, ...throttledError },
      },
    },
    async (request) => auth.passkeySignIn(request.body, request.ip),
  );
}
