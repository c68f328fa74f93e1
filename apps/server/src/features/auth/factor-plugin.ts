import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createMfaService, type MfaService, type StepUpScope } from './factor-service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The action asks for a fresh second factor (issue 27): checked after sign-in and before anything else runs
     * (before an idempotency key is claimed), so the client's retry after the step-up runs it. `true` asks a user
     * who has a factor; `'everyone'` asks every user, the password standing in for a factor (issue 40).
     */
    stepUp?: true | StepUpScope;
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
    const stepUp = request.routeOptions.config.stepUp;
    if (stepUp && request.user)
      await mfa.requireStepUp(request.user.id, request.user.sessionId, app.db, stepUp === true ? 'factor' : stepUp);
  });
});
