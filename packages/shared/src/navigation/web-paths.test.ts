import { describe, expect, it } from 'vitest';
import { appRoutes } from './app-routes';
import { isWebPagePath, publicPagePaths } from './web-paths';

/** A route's address with a sample value for each `:param` (a reset token is a JWT: it has dots). */
const sample = (path: string) =>
  path.replace(/:(\w+)/g, (_all, name: string) => (name === 'pk' ? '17' : 'eyJh.eyJz.c2ln'));

describe('the web app’s pages, as the server’s history fallback knows them (issue 44)', () => {
  it('knows every public page and every screen under /app, with its ids, and a trailing slash', () => {
    for (const path of Object.values(publicPagePaths)) {
      expect(isWebPagePath(sample(path)), path).toBe(true);
      if (path !== '/') expect(isWebPagePath(`${sample(path)}/`), path).toBe(true);
    }
    expect(isWebPagePath('/app')).toBe(true);
    expect(isWebPagePath('/app/')).toBe(true);
    for (const route of appRoutes) expect(isWebPagePath(`/app/${sample(route.path)}`), route.path).toBe(true);
    expect(isWebPagePath('/app/carrier-form/new')).toBe(true);
    expect(isWebPagePath('/app/transport-types-edit/3')).toBe(true);
  });

  it('knows nothing else: the metrics, the API, well-known files, files, unknown pages and ids without a screen', () => {
    for (const path of [
      '/metrics',
      '/api',
      '/api/no-such-thing/',
      '/.well-known/security.txt',
      '/robots.txt',
      '/favicon.ico',
      '/assets/missing-abc.js',
      '/no/such/page',
      '/signin/extra',
      '/app/no-such-screen',
      '/app/users/5',
      '/app/user-edit',
      '/verify',
      '/online/other',
    ]) {
      expect(isWebPagePath(path), path).toBe(false);
    }
  });
});
