import {
  detailErrorSchema,
  findAppRoute,
  idParamsSchema,
  noQuerySchema,
  onlineCarrierExportColumns,
  onlineCarrierListItemSchema,
  onlineCarrierListQuerySchema,
  onlineCarrierSchema,
  onlinePermissions,
  onlineRejectSchema,
  pageSchema,
} from '@dnx/shared';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import type { ZodApp } from '../../lib/zod-app';
import { authUser } from '../../plugins/auth';
import { decided, staffCommon } from './route-parts';
import type { OnlineService } from './service';

const carrierView = { access: { permissions: [onlinePermissions.carrier.view] } } as const;
const carrierChange = {
  access: { permissions: [onlinePermissions.carrier.view, onlinePermissions.carrier.change] },
  idempotency: true,
} as const;

/** The staff's review of carriers' registrations (online-carrier): the list, its export, one, approve, reject. */
export function carrierReviewRoutes(app: ZodApp, service: OnlineService) {
  app.get(
    '/api/online-carriers/',
    {
      config: carrierView,
      schema: {
        operationId: 'listOnlineCarriers',
        ...staffCommon,
        summary:
          "Carriers' registrations, paged: filters status (1 new, 2 approved, 3 rejected), region, voen; search " +
          'over name, VÖEN, e-mail and code; a regional user sees their region',
        querystring: onlineCarrierListQuerySchema,
        response: { 200: pageSchema(onlineCarrierListItemSchema), ...signedInErrors },
      },
    },
    async (request) => service.listCarriers(authUser(request), request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/online-carriers/',
    operationId: 'exportOnlineCarriers',
    tags: staffCommon.tags,
    summary: "Carriers' registrations as CSV or Excel: every one the list query selects, in its order",
    permissions: carrierView.access.permissions,
    querySchema: onlineCarrierListQuerySchema,
    title: findAppRoute('online-carrier')!.title,
    columns: onlineCarrierExportColumns,
    count: (request, query) => service.countCarriers(authUser(request), query),
    rows: (request, query) => service.streamCarriers(authUser(request), query),
  });

  app.get(
    '/api/online-carriers/:id/',
    {
      config: carrierView,
      schema: {
        operationId: 'getOnlineCarrier',
        ...staffCommon,
        summary: 'A registration with its documents and, when a carrier has its VÖEN, what approving would change',
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: onlineCarrierSchema, ...signedInErrors, 404: detailErrorSchema },
      },
    },
    async (request) => service.readCarrier(authUser(request), request.params.id),
  );

  app.post(
    '/api/online-carriers/:id/approve/',
    {
      config: carrierChange,
      schema: {
        operationId: 'approveOnlineCarrier',
        ...staffCommon,
        summary:
          'Approve a new registration: creates the carrier, or updates the one with its VÖEN; the carrier is told ' +
          'by e-mail. A decided one 409',
        params: idParamsSchema,
        body: z.object({}).optional(),
        response: { 200: onlineCarrierSchema, ...signedInErrors, ...decided },
      },
    },
    async (request) => service.approveCarrier(authUser(request), request.params.id),
  );

  app.post(
    '/api/online-carriers/:id/reject/',
    {
      config: carrierChange,
      schema: {
        operationId: 'rejectOnlineCarrier',
        ...staffCommon,
        summary: 'Reject a new registration with a reason, told to the carrier by e-mail. A decided one 409',
        params: idParamsSchema,
        body: onlineRejectSchema,
        response: { 200: onlineCarrierSchema, ...signedInErrors, ...decided },
      },
    },
    async (request) => service.rejectCarrier(authUser(request), request.params.id, request.body.reason),
  );
}
