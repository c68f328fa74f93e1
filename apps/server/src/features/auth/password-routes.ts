import {
  fieldErrorsSchema,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
} from '@dnx/shared';
import { bearerToken } from '../../plugins/auth';
import type { ZodApp } from '../../lib/zod-app';
import { tokenErrors, throttledError } from './auth-route-parts';
import type { AuthService } from './service';

/** Password recovery: the reset link by mail, and the new password set with it. */
export function passwordRoutes(app: ZodApp, auth: AuthService) {
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
}
