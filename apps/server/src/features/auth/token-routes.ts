import {
  currentUserResponseSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  tokenErrorSchema,
  tokenRefreshRequestSchema,
  tokenRefreshResponseSchema,
  tokenVerifyRequestSchema,
  tokenVerifyResponseSchema,
} from '@dnx/shared';
import { authUser } from '../../plugins/auth';
import type { ZodApp } from '../../lib/zod-app';
import { signedIn, tokenErrors } from './auth-route-parts';
import type { AuthService } from './service';

/** The tokens of a session: verify, refresh, the signed-in user, sign-out. */
export function tokenRoutes(app: ZodApp, auth: AuthService) {
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
}
