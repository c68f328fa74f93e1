import {
  drfMessages,
  meetsRequirement,
  nationalRoles,
  requirementCodes,
  type PermissionCode,
  type PermissionRequirement,
} from '@dnx/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bindRequestLog } from './request-id';
import { loadRequestUser, loadUserGrants, type AuthUser } from './auth-user';
import type { Config } from '../config';
import { recordAuditEvent } from '../lib/audit';
import { createTaggedCache } from '../lib/change-feed';
import { HttpError } from '../lib/http-errors';
import { createTokens, TokenError, type Tokens } from '../lib/tokens';

/**
 * What a route under /api requires: `public`, or permissions all of which the user must hold
 * (an empty list: any signed-in user), or `anyOf`: at least one of them (a picker several screens use).
 */
export type RouteAccess = 'public' | PermissionRequirement;

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

export type { AuthUser } from './auth-user';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set on every route that is not public. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    tokens: Tokens;
    /** Every /api route with its declared access, for tests that call each endpoint as each role. */
    routeAccess: RouteAccessEntry[];
    /** The signed-in user of a public route that also serves the signed-in (sets `request.user`); 401 otherwise. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser>;
  }
}

/** simplejwt's answers, verbatim. */
export const authErrors = {
  notAuthenticated: () => new HttpError(401, { detail: drfMessages.notAuthenticated }, wwwAuthenticate),
  badHeader: () =>
    new HttpError(
      401,
      { detail: drfMessages.badAuthorizationHeader, code: 'bad_authorization_header' },
      wwwAuthenticate,
    ),
  tokenNotValid: (message: string) =>
    new HttpError(
      401,
      {
        detail: drfMessages.tokenNotValid,
        code: 'token_not_valid',
        messages: [{ token_class: 'AccessToken', token_type: 'access', message }],
      },
      wwwAuthenticate,
    ),
  userNotFound: () => new HttpError(401, { detail: drfMessages.userNotFound, code: 'user_not_found' }, wwwAuthenticate),
  userInactive: () => new HttpError(401, { detail: drfMessages.userInactive, code: 'user_inactive' }, wwwAuthenticate),
  permissionDenied: () => new HttpError(403, { detail: drfMessages.permissionDenied }),
};

export const wwwAuthenticate = { 'www-authenticate': 'Bearer realm="api"' };

// Routes registered by the API documentation plugin: public by nature.
const isDocsRoute = (url: string) => url === '/api/openapi.json' || url === '/api/docs' || url.startsWith('/api/docs/');

/** The bearer token of a request: undefined without one, as simplejwt reads the header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts[0] !== 'Bearer') return undefined;
  if (parts.length !== 2) throw authErrors.badHeader();
  return parts[1];
}

/** The signed-in user of a route that is not public. */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw authErrors.notAuthenticated();
  return request.user;
}

/**
 * Tokens, mail, and the access rule every later feature relies on: each /api route declares
 * `config.access`, startup fails when one does not, and each request is checked against it.
 */
/**
 * What a signed-in request needs to know of its user, kept in memory until the database announces a change:
 * the user row with the state of the token's session (dropped on `user:<id>`, so deactivation, sign-out and
 * edits count from the next request), and the user's groups and permissions (dropped on `access`). A request
 * then reads nothing from the database to know who is asking.
 */
function requestUserCache(app: FastifyInstance) {
  const users = createTaggedCache<Awaited<ReturnType<typeof loadRequestUser>>>(app.changes);
  const grants = createTaggedCache<{ groups: AuthUser['groups']; permissions: Set<string> }>(app.changes);
  return {
    user: (userId: number, sessionId: number | undefined) =>
      users.get(`${userId}:${sessionId}`, [`user:${userId}`], () => loadRequestUser(app.db, userId, sessionId)),
    grants: (userId: number) =>
      grants.get(String(userId), ['access', `user:${userId}`], async () => {
        const loaded = await loadUserGrants(app.db, userId);
        return { groups: loaded.groups, permissions: new Set(loaded.permissions) };
      }),
  };
}

export const authPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  app.decorate('tokens', createTokens(config));
  const registry: RouteAccessEntry[] = [];
  app.decorate('routeAccess', registry);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!(url === '/api' || url.startsWith('/api/'))) return;
    if (isDocsRoute(url) && route.config?.access === undefined) route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (access === undefined) {
      throw new Error(
        `${methods.join(',')} ${url} declares no access: add config.access ('public', { permissions: [...] } or { anyOf: [...] })`,
      );
    }
    for (const method of methods) if (method !== 'HEAD') registry.push({ method, url, access });
  });

  const cache = requestUserCache(app);

  // Every 403 a signed-in user meets is audited, whoever refused it (this plugin or a service's own rule), before
  // the answer leaves: with the route and, when known, the permissions that were missing.
  const deniedPermissions = new WeakMap<FastifyRequest, PermissionCode[]>();
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode !== 403 || !request.user) return;
    // A trail that cannot be written (the database gone) must not turn the refusal into a server error.
    await recordAuditEvent(app.db, {
      actor: { id: request.user.id, email: request.user.email },
      action: 'access_denied',
      result: 'denied',
      resource: 'route',
      objectName: `${request.method} ${request.routeOptions.url ?? request.url}`,
      detail: { permissions: deniedPermissions.get(request) ?? [] },
    }).catch((err: unknown) => request.log.error({ err }, 'audit of a denial failed'));
  });

  /** Who the bearer of the request is (its access token, its session open, the user active); 401 otherwise. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser> {
    const token = bearerToken(request);
    if (token === undefined) throw authErrors.notAuthenticated();
    let claims;
    try {
      claims = await app.tokens.verify(token, 'access');
    } catch (err) {
      if (err instanceof TokenError) throw authErrors.tokenNotValid(err.message);
      throw err;
    }
    const user = await cache.user(claims.user_id, claims.sid);
    if (!user) throw authErrors.userNotFound();
    if (!user.isActive) throw authErrors.userInactive();
    // Signed out, or ended by a password reset or a stolen refresh token: its access tokens end with it.
    if (!user.sessionActive) throw authErrors.tokenNotValid(drfMessages.tokenBlacklisted);
    const { groups, permissions } = await cache.grants(user.id);
    const authenticated: AuthUser = {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      regionId: user.regionId,
      layout: user.layout,
      tourSeenAt: user.tourSeenAt,
      language: user.language,
      darkTheme: user.darkTheme,
      compactTheme: user.compactTheme,
      groups,
      permissions,
      isNational: groups.some((g) => g.code !== null && (nationalRoles as readonly string[]).includes(g.code)),
      sessionId: claims.sid!,
    };
    request.user = authenticated;
    bindRequestLog(request, reply, { userId: authenticated.id });
    return authenticated;
  }
  app.decorate('authenticate', authenticate);

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const authenticated = await authenticate(request, reply);
    if (!meetsRequirement(authenticated.permissions, access)) {
      // The audit row of the denial names what was missing (of "any of", all of them).
      deniedPermissions.set(
        request,
        requirementCodes(access).filter((code) => !authenticated.permissions.has(code)),
      );
      throw authErrors.permissionDenied();
    }
  });
});
