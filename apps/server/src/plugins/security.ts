import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers. The SPA works under a strict policy: scripts only from this origin, styles inline because
 * Ant Design injects them at run time, workers from blob: for the proof-of-work captcha.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  // The app sets no <base>: none may be injected to redirect relative URLs.
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** HSTS tells browsers to refuse plain HTTP for a year: sent only on an answer that came over HTTPS. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // Requests from the SPA are same-origin; nothing needs cross-origin embedding.
    crossOriginEmbedderPolicy: false,
    // The same answer as `frame-ancestors 'none'` for browsers that read only this header.
    frameguard: { action: 'deny' },
    // Sent below, only over HTTPS: over plain HTTP the header is meaningless and misleads a reader.
    hsts: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // `https` only from a TLS socket or, with TRUST_PROXY, from the proxy's X-Forwarded-Proto.
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
    // API answers hold personal data and tokens: no browser or proxy keeps a copy.
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
});
