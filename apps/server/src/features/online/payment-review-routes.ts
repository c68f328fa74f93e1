import {
  detailErrorSchema,
  findAppRoute,
  idParamsSchema,
  noQuerySchema,
  onlinePaymentExportColumns,
  onlinePaymentListItemSchema,
  onlinePaymentListQuerySchema,
  onlinePaymentSchema,
  onlinePermissions,
  onlineRejectSchema,
  pageSchema,
  paymentPermissions,
} from '@dnx/shared';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import type { ZodApp } from '../../lib/zod-app';
import { authUser } from '../../plugins/auth';
import { decided, staffCommon } from './route-parts';
import type { OnlineService } from './service';

export const paymentView = { access: { permissions: [onlinePermissions.payment.view] } } as const;
const paymentChange = {
  access: { permissions: [onlinePermissions.payment.view, onlinePermissions.payment.change] },
  idempotency: true,
} as const;

/** The staff's review of requests for marks (online-payment): the list, its export, one, accept, reject. */
export function paymentReviewRoutes(app: ZodApp, service: OnlineService) {
  app.get(
    '/api/online-payments/',
    {
      config: paymentView,
      schema: {
        operationId: 'listOnlinePayments',
        ...staffCommon,
        summary:
          'Requests for marks, paged: filters status (1 new, 2 accepted, 3 rejected), region, owner_code; search ' +
          "over the owner's name, VÖEN, e-mail and the code; a regional user sees their region",
        querystring: onlinePaymentListQuerySchema,
        response: { 200: pageSchema(onlinePaymentListItemSchema), ...signedInErrors },
      },
    },
    async (request) => service.listPayments(authUser(request), request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/online-payments/',
    operationId: 'exportOnlinePayments',
    tags: staffCommon.tags,
    summary: 'Requests for marks as CSV or Excel: every one the list query selects, in its order',
    permissions: paymentView.access.permissions,
    querySchema: onlinePaymentListQuerySchema,
    title: findAppRoute('online-payment')!.title,
    columns: onlinePaymentExportColumns,
    count: (request, query) => service.countPayments(authUser(request), query),
    rows: (request, query) => service.streamPayments(authUser(request), query),
  });

  app.get(
    '/api/online-payments/:id/',
    {
      config: paymentView,
      schema: {
        operationId: 'getOnlinePayment',
        ...staffCommon,
        summary: "A request for marks with its documents and each vehicle's registry lookups (asked as it is opened)",
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: onlinePaymentSchema, ...signedInErrors, 404: detailErrorSchema },
      },
    },
    async (request) => service.readPayment(authUser(request), request.params.id),
  );

  app.post(
    '/api/online-payments/:id/accept/',
    {
      config: {
        ...paymentChange,
        access: { permissions: [...paymentChange.access.permissions, paymentPermissions.create] },
      },
      schema: {
        operationId: 'acceptOnlinePayment',
        ...staffCommon,
        summary:
          'Accept a new request: a payment under review (status 1) with a row per vehicle on the next free form of ' +
          'its transport type and months in the region, priced, linked both ways; the carrier is told by e-mail. ' +
          'A decided one 409, as is a vehicle with no free form',
        params: idParamsSchema,
        body: z.object({}).optional(),
        response: { 200: onlinePaymentSchema, ...signedInErrors, ...decided },
      },
    },
    async (request) => service.acceptPayment(authUser(request), request.params.id),
  );

  app.post(
    '/api/online-payments/:id/reject/',
    {
      config: paymentChange,
      schema: {
        operationId: 'rejectOnlinePayment',
        ...staffCommon,
        summary: 'Reject a new request with a reason, told to the carrier by e-mail. A decided one 409',
        params: idParamsSchema,
        body: onlineRejectSchema,
        response: { 200: onlinePaymentSchema, ...signedInErrors, ...decided },
      },
    },
    async (request) => service.rejectPayment(authUser(request), request.params.id, request.body.reason),
  );
}
