import {
  detailErrorSchema,
  messageResponseSchema,
  profilePasswordSchema,
  profilePhoneSchema,
  userPreferencesSchema,
  userPreferencesUpdateSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';

// Every signed-in user changes their own phone, password and preferences (decisions.md sections 2 and 6).
const signedIn = { access: { permissions: [] } } as const;
const common = { tags: ['profile'], security: [{ bearer: [] }] };

/** The user-profile screen's calls, DRF style under `/api/user/user-profile/`. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profile = app.services.profile;

  app.post(
    '/api/user/user-profile/change-phone/',
    {
      config: signedIn,
      schema: {
        operationId: 'changeOwnPhone',
        ...common,
        summary: 'Change your own phone number',
        body: profilePhoneSchema,
        response: { 200: messageResponseSchema, ...signedInErrors },
      },
    },
    async (request) => profile.changePhone(authUser(request), request.body.phone),
  );

  app.post(
    '/api/user/user-profile/change-password/',
    {
      config: signedIn,
      schema: {
        operationId: 'changeOwnPassword',
        ...common,
        summary: 'Change your own password with the old one; ends your other sessions, keeps this one',
        body: profilePasswordSchema,
        response: { 200: messageResponseSchema, ...signedInErrors, 429: detailErrorSchema },
      },
    },
    async (request) => profile.changePassword(authUser(request), request.body.oldPassword, request.body.newPassword),
  );

  app.patch(
    '/api/user/user-profile/preferences/',
    {
      config: signedIn,
      schema: {
        operationId: 'updateOwnPreferences',
        ...common,
        summary:
          'Change your own layout (side or top navigation), language (az, en, ru), dark or compact theme, or record the guided tour as seen',
        body: userPreferencesUpdateSchema,
        response: { 200: userPreferencesSchema, ...signedInErrors },
      },
    },
    async (request) => profile.updatePreferences(authUser(request), request.body),
  );
};
