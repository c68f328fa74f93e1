import {
  findAppRoute,
  idParamsSchema,
  deleteMultipleResponseSchema,
  deleteMultipleSchema,
  detailErrorSchema,
  operatorsQuerySchema,
  operatorsResponseSchema,
  pageSchema,
  userAccountResponseSchema,
  userCreateSchema,
  userExportColumns,
  userSchema,
  userStatusSchema,
  messageResponseSchema,
  userMessages,
  userPasswordResetSchema,
  userUpdateSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors, updateErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';
import { userList } from './repository';

const common = { tags: ['users'], security: [{ bearer: [] }] };

/** User accounts under `/api/user/users/`, as spec section 7 names the calls. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.services.users;
  const done = { 204: z.null().meta({ description: 'Done' }), ...signedInErrors };

  app.get(
    '/api/user/users/',
    {
      config: { access: { permissions: ['view_user'] } },
      schema: {
        operationId: 'listUsers',
        ...common,
        summary:
          'Users, paged: page, per_page or no_page, order, order_by, search, and filters (email= is exact: the ' +
          "form's uniqueness check); a regional user sees only their region's users",
        querystring: userList.querySchema,
        response: { 200: pageSchema(userSchema), ...signedInErrors },
      },
    },
    async (request) => users.list(authUser(request), request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/user/users/',
    operationId: 'exportUsers',
    tags: common.tags,
    summary: "Users as CSV or Excel: every user the list query selects, in its order; a regional user's region",
    permissions: ['view_user'],
    querySchema: userList.querySchema,
    title: findAppRoute('users')!.title,
    columns: userExportColumns,
    count: (request, query) => users.count(authUser(request), query),
    rows: (request, query) => users.stream(authUser(request), query),
  });

  app.get(
    '/api/user/users/operators/',
    {
      // The form batch screens pick an operator (role F) to issue to, and active-fn (E too) lists an operator's
      // forms: they need it, not the accounts screens.
      config: { access: { anyOf: ['view_active_fn', 'view_fnbatch'] } },
      schema: {
        operationId: 'listOperators',
        ...common,
        summary: 'Active operators (role F), optionally of one region: {"data": [...]}',
        querystring: operatorsQuerySchema,
        response: { 200: operatorsResponseSchema, ...signedInErrors },
      },
    },
    async (request) => users.operators(authUser(request), request.query.region),
  );

  app.get(
    '/api/user/users/inspectors/',
    {
      // The active-fn screen shares forms to an inspector (role C) of their region; a payment's row names one.
      config: { access: { anyOf: ['view_active_fn', 'add_payment'] } },
      schema: {
        operationId: 'listInspectors',
        ...common,
        summary: 'Active inspectors (role C), optionally of one region: {"data": [...]}',
        querystring: operatorsQuerySchema,
        response: { 200: operatorsResponseSchema, ...signedInErrors },
      },
    },
    async (request) => users.inspectors(authUser(request), request.query.region),
  );

  app.get(
    '/api/user/users/:id/',
    {
      config: { access: { permissions: ['view_user'] } },
      schema: {
        operationId: 'getUser',
        ...common,
        summary: 'One user as read for edit; another region answers 404',
        params: idParamsSchema,
        response: { 200: userSchema, ...signedInErrors },
      },
    },
    async (request) => users.read(authUser(request), request.params.id),
  );

  app.post(
    '/api/user/users/create-account/',
    {
      config: { access: { permissions: ['add_user'] }, stepUp: true },
      schema: {
        operationId: 'createAccount',
        ...common,
        summary: 'Create an account: 201 {"data": {"data": user}}',
        body: userCreateSchema,
        response: { 201: userAccountResponseSchema, ...signedInErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await users.create(authUser(request), request.body)),
  );

  app.post(
    '/api/user/users/update-account/',
    {
      config: { access: { permissions: ['change_user'] } },
      schema: {
        operationId: 'updateAccount',
        ...common,
        summary:
          'Update an account (the body carries its id and the version read; the password only when it changes): ' +
          '201 {"data": {"data": user}}; 409 stale_version when someone saved it since; a change of another ' +
          "account's password, e-mail, status, groups or permissions asks a fresh step-up first (403 " +
          "step_up_required: a second factor, or the password of a user who has none); a change of one's own " +
          'groups or permissions asks it of a user with a second factor',
        body: userUpdateSchema,
        response: { 201: userAccountResponseSchema, ...updateErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await users.update(authUser(request), request.body)),
  );

  app.post(
    '/api/user/users/change-account-status/',
    {
      config: { access: { permissions: ['activate_user'] } },
      schema: {
        operationId: 'changeAccountStatus',
        ...common,
        summary:
          "Activate or deactivate an account; a deactivated account's tokens stop at once; a version, when sent, " +
          'must be the current one (409 stale_version); asks a fresh step-up first (403 step_up_required)',
        body: userStatusSchema,
        response: { 201: userAccountResponseSchema, ...updateErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await users.changeStatus(authUser(request), request.body)),
  );

  app.post(
    '/api/user/users/delete-multiple/',
    {
      config: { access: { permissions: ['delete_user'] } },
      schema: {
        operationId: 'deleteMultipleUsers',
        ...common,
        summary:
          'Delete accounts, all or none: never your own, never the last active administrator; asks a fresh ' +
          'step-up first (403 step_up_required)',
        body: deleteMultipleSchema,
        response: { 200: deleteMultipleResponseSchema, ...signedInErrors },
      },
    },
    async (request) => users.deleteMany(authUser(request), request.body.pkList),
  );

  app.post(
    '/api/user/users/:id/end-sessions/',
    {
      config: { access: { permissions: ['change_user'] } },
      schema: {
        operationId: 'endUserSessions',
        ...common,
        summary:
          'End every session of an account (a dismissal, a stolen device): each is signed out at its next request, ' +
          'refresh included, in every process. An account the caller cannot see 404; one that can do more than the ' +
          "caller, or an administrator's for anyone but the top administrator, 403; another's asks a fresh step-up " +
          '(403 step_up_required)',
        params: idParamsSchema,
        response: done,
      },
    },
    async (request, reply) => {
      await users.endSessions(authUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/users/:id/mfa-reset/',
    {
      config: { access: { permissions: ['change_user'] } },
      schema: {
        operationId: 'resetUserMfa',
        ...common,
        summary:
          "Reset an account's second factor (never read): removed, its sessions ended, the person told by mail, " +
          "audited. An account the caller cannot see 404; one that can do more, or an administrator's for anyone " +
          'but the top administrator, 403; a caller without a second factor of their own 403; then a fresh ' +
          'step-up (403 step_up_required)',
        params: idParamsSchema,
        response: done,
      },
    },
    async (request, reply) => {
      await users.resetSecondFactor(authUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/users/send-password-reset/',
    {
      config: { access: { permissions: ['change_user'] } },
      schema: {
        operationId: 'sendPasswordReset',
        ...common,
        summary:
          "Mail a person a password reset link: how anyone but the top administrator renews someone's password; " +
          'only for an account whose permissions the sender holds; counted as forgot-password requests',
        body: userPasswordResetSchema,
        response: { 200: messageResponseSchema, ...signedInErrors, 429: detailErrorSchema },
      },
    },
    async (request) => {
      const user = await users.resetTarget(authUser(request), request.body.id);
      await app.services.signIn.forgotPassword(user.email, request.ip);
      return { message: userMessages.resetLinkSent };
    },
  );
};
