import { captchaChallengeSchema, noQuerySchema } from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/captcha/challenge/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getCaptchaChallenge',
        tags: ['auth'],
        summary: 'A new ALTCHA proof-of-work challenge; its solved payload is the `gtoken` of sign-in',
        querystring: noQuerySchema,
        response: { 200: captchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.captcha.challenge();
    },
  );
};
