import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createAuthService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in, sessions and password recovery, built once a process (the sign-in routes, the accounts' reset mail). */
    signIn: ReturnType<typeof createAuthService>;
  }
}

export const authServicePlugin = fp<{ config: Config }>(async (app, { config }) => {
  app.decorate(
    'signIn',
    createAuthService({
      db: app.db,
      config,
      tokens: app.tokens,
      captcha: app.captcha,
      mailer: app.mailer,
      mfa: app.mfa,
      log: app.log,
    }),
  );
});
