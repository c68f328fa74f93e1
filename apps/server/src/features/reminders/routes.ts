import { detailErrorSchema, noQuerySchema, reminderOptOutSchema, reminderTokenParamsSchema } from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { badRequestSchema } from '../../lib/api-errors';
import { publicLookupLimit } from '../auth';
import { optOut, readOptOut } from './service';

const common = { tags: ['public'], security: [] };
const answers = { 200: reminderOptOutSchema, 400: badRequestSchema, 404: detailErrorSchema, 429: detailErrorSchema };

/**
 * The carrier's opt-out of expiry reminders, from the link in each reminder (no sign-in): the page reads whose
 * reminders the link stops, and a POST stops them. A link opened by a mail scanner changes nothing. Wrong links are
 * limited per address (`publicLookupLimit`).
 */
export const reminderRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const limited = publicLookupLimit(app.db, config);
  app.get(
    '/api/public/reminders/:token/',
    {
      ...limited,
      config: { access: 'public' },
      schema: {
        operationId: 'readReminderOptOut',
        ...common,
        summary: 'Whose expiry reminders the opt-out link stops, and whether they are still sent; a wrong link 404',
        params: reminderTokenParamsSchema,
        querystring: noQuerySchema,
        response: answers,
      },
    },
    async (request) => readOptOut(app.db, request.params.token),
  );

  app.post(
    '/api/public/reminders/:token/opt-out/',
    {
      ...limited,
      config: { access: 'public' },
      schema: {
        operationId: 'optOutOfReminders',
        ...common,
        summary: 'The carrier stops the expiry reminders (expiry_reminders becomes 0; audited); a wrong link 404',
        params: reminderTokenParamsSchema,
        response: answers,
      },
    },
    async (request) => optOut(app.db, request.params.token),
  );
};
