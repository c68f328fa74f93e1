import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessages, isWebPagePath } from '@dnx/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that are never the web app's: a browser asking for one gets the JSON 404 too. */
const notAppPaths = /^\/(?:api|metrics|\.well-known)(?:\/|$)/;

/**
 * A person's browser opening an unknown address (not a file, not the API's): it gets the app with a 404 status, and
 * the app shows its not-found page (spec section 2); a program asking for the same gets the JSON 404.
 */
function isPageNavigation(request: FastifyRequest, pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return (
    !lastSegment.includes('.') && !notAppPaths.test(pathname) && (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Serves the built web app with history fallback for its own pages only (issue 44): a GET of one of the app's
 * routes (shared `isWebPagePath`: the public pages and every screen under /app, with its ids) gets index.html, so deep
 * links work. Anything else that is not a built file answers 404: `/metrics` without its token, an unknown `/api/...`,
 * `/.well-known/...`, a file that is not built (a scraper or a client reads "not here", not a page).
 */
export const spaPlugin = fp<{ webDist: string }>(async (app: FastifyInstance, { webDist }) => {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; the page itself is always revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'no web build found: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      if (isWebPagePath(pathname)) {
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      }
      if (isPageNavigation(request, pathname)) {
        return reply.status(404).header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      }
    }
    return reply.status(404).send({ detail: errorMessages.notFound });
  });
});
