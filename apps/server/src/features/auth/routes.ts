import {
  currentUserResponseSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  forgotPasswordRequestSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  messageResponseSchema,
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
import type { Config } from '../../config';
import { authUser, bearerToken } from '../../plugins/auth';
import { createAuthService } from './service';

const signedIn = { access: { permissions: [] } } as const;
const tokenErrors = { 400: fieldErrorsSchema, 401: tokenErrorSchema };
const throttledError = { 429: detailErrorSchema };

/** Sign-in, session and password recovery, as djangorestframework-simplejwt and the original API answer. */
export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const auth = createAuthService({
    db: app.db,
    config,
    tokens: app.tokens,
    captcha: app.captcha,
    mailer: app.mailer,
    log: app.log,
  });

  app.post(
    '/api/token/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'obtainToken',
        tags: ['auth'],
        summary: 'Sign in: an access and a refresh token',
        body: tokenObtainRequestSchema,
        response: { 200: tokenPairSchema, ...tokenErrors, ...throttledError },
      },
    },
    async (request) => auth.signIn(request.body, request.ip),
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
