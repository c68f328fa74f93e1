import { recoveryCodesSchema, totpConfirmSchema, totpEnrolmentSchema, totpStartRequestSchema } from '@dnx/shared';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';
import type { ZodApp } from '../../lib/zod-app';
import { signedIn, throttledError } from './auth-route-parts';

/** The enrolment of an authenticator app from the profile (a signed-in user). */
export function totpEnrolmentRoutes(app: ZodApp) {
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
}
