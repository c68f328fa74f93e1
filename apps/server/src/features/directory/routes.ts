import {
  detailErrorSchema,
  directoryHandoffSchema,
  fieldErrorsSchema,
  ldapSignInSchema,
  noQuerySchema,
  signInAnswerSchema,
  signInProvidersSchema,
  tokenErrorSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';
import { finishPage } from './deps';
import { DirectoryUnreachable } from './oidc-client';

const common = { tags: ['directory'] };
const redirect = { 302: z.null().meta({ description: 'To the provider, or back to the sign-in page' }) };
const throttled = { 429: detailErrorSchema };

/**
 * Sign-in through the agency's directory (issue 59): the sign-in screen's providers, the OpenID Connect redirect and
 * callback, the handoff to a session, LDAP, back-channel and RP-initiated logout and the provider's step-up.
 */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = app.services.directory;

  // Back-channel logout tokens come form-encoded (OpenID Connect Back-Channel Logout 1.0, section 2.5).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/api/auth/directory/providers/',
    {
      config: { access: 'public' },
      schema: {
        ...common,
        operationId: 'listSignInProviders',
        summary: "The directories one may sign in through (a button each), the automatic redirect and the form's state",
        querystring: noQuerySchema,
        response: { 200: signInProvidersSchema, 400: fieldErrorsSchema },
      },
    },
    async () => directory.signInProviders(),
  );

  app.get(
    '/api/auth/directory/start/:provider/',
    {
      config: { access: 'public' },
      // A browser navigation (a 302 to the provider), not an API call: left out of the OpenAPI document, as the JWKS
      // is; docs/operations.md, "Sign-in with your directory", describes it.
      schema: {
        hide: true,
        ...common,
        operationId: 'startDirectorySignIn',
        summary:
          'A browser navigation: 302 to the provider (authorization code flow with PKCE, state and nonce); an ' +
          'unreachable provider 302 to /signin/directory?error=unreachable; an unknown one 404',
        params: z.object({ provider: z.string().max(40) }),
        querystring: z.object({ next: z.string().max(500).optional() }),
        response: { ...redirect, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        return reply.redirect(await directory.start(request.params.provider, request.query.next), 302);
      } catch (err) {
        if (!(err instanceof DirectoryUnreachable)) throw err;
        return reply.redirect(
          finishPage(app.publicOrigin, { error: 'unreachable', provider: request.params.provider }),
          302,
        );
      }
    },
  );

  app.get(
    '/api/auth/directory/callback/',
    {
      config: { access: 'public' },
      // The provider's redirect back (a browser navigation answered with a 302): out of the document, as above.
      schema: {
        hide: true,
        ...common,
        operationId: 'directorySignInCallback',
        summary:
          "The provider's redirect back (code, state): 302 to /signin/directory with a one-time `code`, or with the " +
          '`error` that refused it (flow, refused, unreachable, not_in_required_groups, no_account, ...)',
        querystring: z.record(z.string(), z.string()),
        response: redirect,
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, app.publicOrigin);
      return reply.redirect(await directory.callback(url), 302);
    },
  );

  app.post(
    '/api/auth/directory/handoff/',
    {
      config: { access: 'public' },
      schema: {
        ...common,
        operationId: 'finishDirectorySignIn',
        summary:
          "The callback's one-time code (once, two minutes) -> what POST /api/token/ answers: the tokens, or the " +
          "product's own second step when the provider asserted no second factor; spent or unknown 401",
        body: directoryHandoffSchema,
        response: { 200: signInAnswerSchema, 400: fieldErrorsSchema, 401: tokenErrorSchema },
      },
    },
    async (request) => directory.handoff(request.body.code),
  );

  app.post(
    '/api/auth/directory/ldap/:provider/',
    {
      config: { access: 'public' },
      schema: {
        ...common,
        operationId: 'signInWithLdap',
        summary:
          "Sign in with the directory's user name and password (LDAP bind) -> as POST /api/token/; wrong 401, " +
          'refused by the mapping 403 (its reason as `code`), the directory unreachable 503; limited per address (429)',
        params: z.object({ provider: z.string().max(40) }),
        body: ldapSignInSchema,
        response: {
          200: signInAnswerSchema,
          400: fieldErrorsSchema,
          401: detailErrorSchema,
          403: detailErrorSchema,
          404: detailErrorSchema,
          503: detailErrorSchema,
          ...throttled,
        },
      },
    },
    async (request) => directory.ldapSignIn(request.params.provider, request.body, request.ip),
  );

  app.post(
    '/api/auth/directory/backchannel-logout/',
    {
      config: { access: 'public' },
      schema: {
        ...common,
        operationId: 'directoryBackchannelLogout',
        summary:
          "OpenID Connect Back-Channel Logout: the provider's logout token (form-encoded `logout_token`) ends the " +
          'sessions it names here, their tokens and live streams; a token that does not hold 400',
        body: z.object({ logout_token: z.string().min(1).max(16_000) }),
        response: { 200: z.null().meta({ description: 'Ended' }), 400: detailErrorSchema },
      },
    },
    async (request, reply) => {
      await directory.backchannelLogout(request.body.logout_token);
      return reply.header('cache-control', 'no-store').status(200).send(null);
    },
  );

  app.post(
    '/api/auth/directory/end-session/',
    {
      config: { access: { permissions: [] } },
      schema: {
        ...common,
        security: [{ bearer: [] }],
        operationId: 'directoryEndSessionUrl',
        summary:
          'Before signing out: where the browser goes to sign out at the provider too (RP-initiated logout); null ' +
          'for a session not opened through an OpenID Connect provider',
        response: { 200: z.object({ url: z.string().nullable() }), ...signedInErrors },
      },
    },
    async (request) => ({ url: await directory.endSessionUrl(authUser(request)) }),
  );

  app.post(
    '/api/auth/directory/step-up/',
    {
      config: { access: { permissions: [] } },
      schema: {
        ...common,
        security: [{ bearer: [] }],
        operationId: 'directoryStepUp',
        summary:
          'A step-up at the provider (prompt=login, max_age=0) for a session opened there: the address to send the ' +
          'browser to; it comes back to `next` with stepped_up=1. Null for other sessions (they use POST ' +
          '/api/user/mfa/step-up/)',
        body: z.object({ next: z.string().max(500).optional() }),
        response: { 200: z.object({ url: z.string().nullable() }), ...signedInErrors },
      },
    },
    async (request) => ({ url: await directory.stepUpUrl(authUser(request), request.body.next) }),
  );
};
