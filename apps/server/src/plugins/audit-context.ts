import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withAuditClient } from '../lib/audit';

/**
 * Runs each request with its client (address and user agent) known to the audit trail, so every row written on its
 * behalf names them. The address is request.ip: X-Forwarded-For counts only under TRUST_PROXY.
 */
export const auditContextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const userAgent = request.headers['user-agent'];
    // Bounded: a header of kilobytes would otherwise be stored with every row.
    const agent = typeof userAgent === 'string' ? userAgent.slice(0, 500) : null;
    withAuditClient({ ip: request.ip, userAgent: agent, requestId: request.id }, done);
  });
});
