import {
  detailErrorSchema,
  fieldErrorsSchema,
  noQuerySchema,
  onlineStatusQuerySchema,
  onlineStatusSchema,
} from '@dnx/shared';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import { regions, transportTypes } from '../../db/schema';
import type { ZodApp } from '../../lib/zod-app';
import { publicLookupLimit } from '../auth';
import { publicCommon, throttledError } from './route-parts';
import type { OnlineService } from './service';

const pickSchema = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });
const transportPickSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), fee_group: z.string() })),
});

/** What the public page reads without a sign-in: a request's status, and the two lists its selects need. */
export function publicLookupRoutes(app: ZodApp, service: OnlineService, config: Config) {
  app.get(
    '/api/public/online/status/',
    {
      ...publicLookupLimit(app.db, config),
      config: { access: 'public' },
      schema: {
        operationId: 'onlineRequestStatus',
        ...publicCommon,
        summary:
          "A request's status by its tracking code and the VÖEN it was sent with (both must match, else 404); once " +
          'a payment is made of it, the amount to pay and its rows. Wrong look-ups are limited per address (429)',
        querystring: onlineStatusQuerySchema,
        response: { 200: onlineStatusSchema, 400: fieldErrorsSchema, 404: detailErrorSchema, ...throttledError },
      },
    },
    async (request) => service.status(request.query.code, request.query.voen),
  );

  app.get(
    '/api/public/online/regions/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'onlineRegions',
        ...publicCommon,
        summary: "The regions a request may name (the public page's select)",
        querystring: noQuerySchema,
        response: { 200: pickSchema },
      },
    },
    async () => ({
      data: await app.db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(asc(regions.name)),
    }),
  );

  app.get(
    '/api/public/online/transport-types/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'onlineTransportTypes',
        ...publicCommon,
        summary: "The transport types a vehicle may name, with their fee group (the public page's select)",
        querystring: noQuerySchema,
        response: { 200: transportPickSchema },
      },
    },
    async () => ({
      data: await app.db
        .select({ id: transportTypes.id, name: transportTypes.name, fee_group: transportTypes.feeGroup })
        .from(transportTypes)
        .orderBy(asc(transportTypes.name)),
    }),
  );
}
