import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The app as a route plugin sees it (zod schemas typing each route): what a function that declares some of a
 * plugin's routes takes, so a feature's routes are split by resource and still registered in one plugin.
 */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
