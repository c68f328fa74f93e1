import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A check of what a process needs to serve: resolves when it holds, throws (or rejects) with why not. */
export type ReadinessCheck = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What `/api/health/ready/` checks, by name: the database and the migrations (health), the reports' replica
     * (reports), the job worker (jobs). A feature that needs something to serve adds its check here.
     */
    readinessChecks: Map<string, ReadinessCheck>;
  }
}

export const readinessPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('readinessChecks', new Map<string, ReadinessCheck>());
});
