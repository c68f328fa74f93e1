import { detailErrorSchema, idParamsSchema, noQuerySchema, onlinePermissions } from '@dnx/shared';
import { signedInErrors } from '../../lib/api-errors';
import type { ZodApp } from '../../lib/zod-app';
import { authUser } from '../../plugins/auth';
import { binary, disposition, staffCommon } from './route-parts';
import type { OnlineService } from './service';

/** A request's document as a download, to the staff who may see the request. */
export function documentRoutes(app: ZodApp, service: OnlineService) {
  app.get(
    '/api/online-files/:id/',
    {
      config: { access: { anyOf: [onlinePermissions.carrier.view, onlinePermissions.payment.view] } },
      schema: {
        operationId: 'getOnlineFile',
        ...staffCommon,
        summary:
          "A request's document, to staff who may see the request (its screen's permission and region; 404 " +
          'otherwise), with the type its content showed and its name as an attachment',
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: {
          200: binary('The document: application/pdf, image/jpeg or image/png'),
          ...signedInErrors,
          404: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await service.file(authUser(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', disposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
}
