import {
  detailErrorSchema,
  mfaStepSchema,
  mfaTokenSchema,
  webauthnRequestAnswerSchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
  mfaEnrolStartSchema,
  mfaEnrolConfirmSchema,
  tokenPairSchema,
} from '@dnx/shared';
import type { ZodApp } from '../../lib/zod-app';
import { tokenErrors, throttledError } from './auth-route-parts';
import type { AuthService } from './service';

/** The second step of a sign-in, and the enrolment a group requires before its first session. */
export function secondStepRoutes(app: ZodApp, auth: AuthService) {
  app.post(
    '/api/token/mfa/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signInSecondStep',
        tags: ['auth'],
        summary:
          "The second step of a sign-in: the mfa_token of POST /api/token/ and a code of the app, a passkey's " +
          'answer (`webauthn`, to the challenge of POST /api/token/mfa/webauthn/) or a recovery code (single use; ' +
          'its owner is told by mail) -> an access and a refresh token. A wrong one 400; the token expired or used ' +
          '401; limited per account as sign-in is (429)',
        body: mfaStepSchema,
        response: { 200: tokenPairSchema, ...tokenErrors, ...throttledError },
      },
    },
    async (request) => auth.secondStep(request.body),
  );

  app.post(
    '/api/token/mfa/webauthn/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signInPasskeyOptions',
        tags: ['auth'],
        summary:
          "The challenge one of the user's passkeys signs for the second step (single use, 5 minutes), with the " +
          'mfa_token of POST /api/token/; the token expired or used 401; no passkey 409',
        body: mfaTokenSchema,
        response: { 200: webauthnRequestAnswerSchema, ...tokenErrors, 409: detailErrorSchema },
      },
    },
    async (request) => ({ options: await auth.secondStepOptions(request.body.mfa_token) }),
  );

  app.post(
    '/api/token/mfa/enrol/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'startRequiredTotp',
        tags: ['auth'],
        summary:
          'The enrolment a group requires, inside the sign-in: with the mfa_token of POST /api/token/ (mfa: enrol), ' +
          'a new secret for the authenticator app (QR code and text); the token expired or used 401',
        body: mfaEnrolStartSchema,
        response: { 200: totpEnrolmentSchema, ...tokenErrors, ...throttledError },
      },
    },
    async (request) => auth.enrolStart(request.body.mfa_token),
  );

  app.post(
    '/api/token/mfa/enrol/confirm/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'confirmRequiredTotp',
        tags: ['auth'],
        summary:
          "Its first code: the ten recovery codes (shown once) and, at last, the session's access and refresh tokens. " +
          'A wrong code 400; the token expired or used 401',
        body: mfaEnrolConfirmSchema,
        response: { 200: recoveryCodesSchema, ...tokenErrors, ...throttledError },
      },
    },
    async (request) => auth.enrolConfirm(request.body.mfa_token, request.body.code),
  );
}
