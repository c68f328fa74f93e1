import {
  bankRuleDryRunSchema,
  bankRuleInputSchema,
  bankRuleSchema,
  detailErrorSchema,
  idParamsSchema,
  idSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';

const common = { tags: ['bank-statements'], security: [{ bearer: [] }] };
const viewing = { access: { permissions: ['view_bankstatement'] } } as const;
/** Rules change what the matching links for everyone: the administrators' (the only ones holding delete). */
const writing = { access: { permissions: ['delete_bankstatement'] } } as const;

/** An administrator's rules for a bank's odd layout (issue 57): listed, tried on the last statement, saved. */
export const bankRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = app.services.bankStatements.rules;

  app.get(
    '/api/bank-rules/',
    {
      config: viewing,
      schema: {
        ...common,
        operationId: 'listBankRules',
        summary: "The administrators' matching rules, by account and in their order (optionally one account's)",
        querystring: z.object({ account: z.string().trim().max(40).optional() }),
        response: { 200: z.object({ results: z.array(bankRuleSchema) }), ...signedInErrors },
      },
    },
    async (request) => rules.list(request.query.account),
  );

  app.post(
    '/api/bank-rules/dry-run/',
    {
      config: writing,
      schema: {
        ...common,
        operationId: 'tryBankRule',
        summary:
          "A rule tried on the account's last statement with the account's other rules (in place of `replacing`), its " +
          'automatic links made again and compared, nothing kept: how many credits it would link more, otherwise, ' +
          'no more. 400 when the account has no statement, or the pattern is invalid, names no receipt or voen group, ' +
          'or could backtrack without end',
        body: bankRuleInputSchema.extend({ replacing: idSchema.optional() }),
        response: { 200: bankRuleDryRunSchema, ...signedInErrors },
      },
    },
    async (request) => rules.dryRun(request.body, request.body.replacing),
  );

  app.post(
    '/api/bank-rules/',
    {
      config: writing,
      schema: {
        ...common,
        operationId: 'createBankRule',
        summary:
          "A rule saved (audited), last of the account's unless placed: the account's open credits are read again " +
          'with it and matched. 400 as the dry run; 409 past 50 rules an account',
        body: bankRuleInputSchema,
        response: { 201: bankRuleSchema, ...signedInErrors, 409: detailErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await rules.create(authUser(request), request.body)),
  );

  app.put(
    '/api/bank-rules/:id/',
    {
      config: writing,
      schema: {
        ...common,
        operationId: 'updateBankRule',
        summary: "A rule changed (audited); its accounts' open credits read again and matched. 404 for no rule",
        params: idParamsSchema,
        body: bankRuleInputSchema,
        response: { 200: bankRuleSchema, ...signedInErrors },
      },
    },
    async (request) => rules.update(authUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/bank-rules/:id/',
    {
      config: writing,
      schema: {
        ...common,
        operationId: 'deleteBankRule',
        summary: 'A rule removed (audited); what it linked stays linked. 404 for no rule',
        params: idParamsSchema,
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      await rules.remove(authUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
