import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createMfaService, type MfaService } from './service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The action asks for a fresh second factor (issue 27): checked after sign-in and before anything else runs
     * (before an idempotency key is claimed), so the client's retry after the step-up runs it.
     */
    stepUp?: true;
  }
  interface FastifyInstance {
    /** The second factor: its checks, and `requireStepUp` for the actions that ask for a fresh one (issue 27). */
    mfa: MfaService;
  }
}

export const mfaPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const mfa = createMfaService({ db: app.db, config });
  app.decorate('mfa', mfa);
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.stepUp && request.user)
      await mfa.requireStepUp(request.user.id, request.user.sessionId);
  });
});
