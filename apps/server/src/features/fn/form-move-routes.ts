import { fnFormSchema, fnMovedSchema, fnShareSchema, fnVoidSchema, idParamsSchema } from '@dnx/shared';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';
import { common } from './route-parts';
import type { ZodApp } from '../../lib/zod-app';
import type { FormService } from './form-service';

/** Moving forms: share to an inspector, take back, void. */
export function formMoveRoutes(app: ZodApp, forms: FormService) {
  app.post(
    '/api/fn/forms/share/',
    {
      config: { access: { permissions: ['change_fn'] } },
      schema: {
        operationId: 'shareFnForms',
        ...common,
        summary:
          'Share active forms to an inspector (C) of their region: {inspector, forms} or {inspector, series, ' +
          'number_from, number_to}; all or none (409 when some are not active)',
        body: fnShareSchema,
        response: { 200: fnMovedSchema, ...signedInErrors },
      },
    },
    async (request) => forms.share(authUser(request), request.body),
  );

  app.post(
    '/api/fn/forms/unshare/',
    {
      config: { access: { permissions: ['change_fn'] } },
      schema: {
        operationId: 'unshareFnForms',
        ...common,
        summary: 'Take forms back from the inspector they are shared to (same bodies as share); all or none',
        body: fnShareSchema,
        response: { 200: fnMovedSchema, ...signedInErrors },
      },
    },
    async (request) => forms.unshare(authUser(request), request.body),
  );

  app.post(
    '/api/fn/forms/:id/void/',
    {
      config: { access: { permissions: ['change_fn'] } },
      schema: {
        operationId: 'voidFnForm',
        ...common,
        summary: 'Void a spoiled, lost or stolen form with a reason (new, active or shared); it is never deleted',
        params: idParamsSchema,
        body: fnVoidSchema,
        response: { 200: fnFormSchema, ...signedInErrors },
      },
    },
    async (request) => forms.void(authUser(request), request.params.id, request.body.reason),
  );
}
