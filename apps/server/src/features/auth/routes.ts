import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordRoutes } from './password-routes';
import { secondStepRoutes } from './second-step-routes';
import { signInRoutes } from './sign-in-routes';
import { tokenRoutes } from './token-routes';
import { totpEnrolmentRoutes } from './totp-enrolment-routes';

/**
 * Sign-in, session and password recovery, as djangorestframework-simplejwt and the original API answer; each part's
 * routes in a file of its own. The factors' own routes are factor-routes.ts, the sessions' session-routes.ts.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.signIn;
  signInRoutes(app, auth);
  secondStepRoutes(app, auth);
  totpEnrolmentRoutes(app);
  tokenRoutes(app, auth);
  passwordRoutes(app, auth);
};
