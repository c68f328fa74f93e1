import {
  currentUserResponseSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  forgotPasswordRequestSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  messageResponseSchema,
  mfaStepSchema,
  mfaTokenSchema,
  passkeySignInAnswerSchema,
  passkeySignInSchema,
  webauthnRequestAnswerSchema,
  recoveryCodesSchema,
  signInAnswerSchema,
  totpConfirmSchema,
  totpEnrolmentSchema,
  totpStartRequestSchema,
  mfaEnrolStartSchema,
  mfaEnrolConfirmSchema,
  resetPasswordRequestSchema,
  tokenErrorSchema,
  tokenObtainRequestSchema,
  tokenPairSchema,
  tokenRefreshRequestSchema,
  tokenRefreshResponseSchema,
  tokenVerifyRequestSchema,
  tokenVerifyResponseSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser, bearerToken } from '../../plugins/auth';

const signedIn = { access: { permissions: [] } } as const;
const tokenErrors = { 400: fieldErrorsSchema, 401: tokenErrorSchema };
const throttledError = { 429: detailErrorSchema };

/** Sign-in, session and password recovery, as djangorestframework-simplejwt and the original API answer. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.signIn;

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

  app.post(
    '/api/user/mfa/totp/',
    {
      config: signedIn,
      schema: {
        operationId: 'startTotp',
        tags: ['mfa'],
        security: [{ bearer: [] }],
        summary:
          'Start the enrolment of an authenticator app from the profile: a new secret (QR code and text), in use once ' +
          'confirmed; 409 when one is in use; a user who has a passkey confirms it first (step-up)',
        body: totpStartRequestSchema,
        response: { 200: totpEnrolmentSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const user = authUser(request);
      return app.mfa.startTotp(user, user.sessionId);
    },
  );

  app.post(
    '/api/user/mfa/totp/confirm/',
    {
      config: signedIn,
      schema: {
        operationId: 'confirmTotp',
        tags: ['mfa'],
        security: [{ bearer: [] }],
        summary: 'Confirm the app with its first code: the ten recovery codes, shown once. A wrong code 400',
        body: totpConfirmSchema,
        response: { 200: recoveryCodesSchema, ...signedInErrors, ...throttledError },
      },
    },
    async (request) => app.mfa.confirmTotp(authUser(request), request.body.code),
  );

  app.post(
    '/api/token/verify/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'verifyToken',
        tags: ['auth'],
        summary: 'Whether a token (access, refresh or unspent reset token) is still good',
        body: tokenVerifyRequestSchema,
        response: { 200: tokenVerifyResponseSchema, ...tokenErrors },
      },
    },
    async (request) => {
      await auth.verify(request.body.token);
      return {};
    },
  );

  app.post(
    '/api/refresh/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'refreshToken',
        tags: ['auth'],
        summary: 'A new access token and a rotated refresh token; reusing a rotated one ends its session',
        body: tokenRefreshRequestSchema,
        response: { 200: tokenRefreshResponseSchema, ...tokenErrors },
      },
    },
    async (request) => auth.refresh(request.body.refresh),
  );

  app.post(
    '/api/user/current-user/',
    {
      config: signedIn,
      schema: {
        operationId: 'getCurrentUser',
        tags: ['auth'],
        summary: 'The signed-in user with groups and effective permissions',
        security: [{ bearer: [] }],
        response: { 200: currentUserResponseSchema, 401: tokenErrorSchema },
      },
    },
    async (request) => auth.currentUser(authUser(request)),
  );

  app.post(
    '/api/user/logout/',
    {
      config: signedIn,
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'Sign out: ends the session, so its refresh tokens are refused',
        security: [{ bearer: [] }],
        body: logoutRequestSchema,
        response: { 200: logoutResponseSchema, 401: tokenErrorSchema },
      },
    },
    async (request) => {
      await auth.logout(authUser(request), request.body?.refresh);
      return { result: true, error: null };
    },
  );

  app.post(
    '/api/user/users/forgot-password/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'forgotPassword',
        tags: ['auth'],
        summary: 'Send a password reset link; the same answer whether or not the address has an account',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: fieldErrorsSchema, ...throttledError },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, request.ip);
      return { message: auth.messages.forgotPasswordSent };
    },
  );

  app.post(
    '/api/user/users/reset-password/',
    {
      // Public as a session: the reset token (bearer and `token`) is the credential, checked by the service.
      config: { access: 'public' },
      schema: {
        operationId: 'resetPassword',
        tags: ['auth'],
        summary: 'Set a new password with a reset token; ends every session of the user',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...tokenErrors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, bearerToken(request));
      return { message: auth.messages.passwordReset };
    },
  );
};
