import { fnCheckQuerySchema, fnCheckSchema } from '@dnx/shared';
import { signedInErrors } from '../../lib/api-errors';
import { common } from './route-parts';
import type { ZodApp } from '../../lib/zod-app';
import type { FormService } from './form-service';

/** check-fn: a mark by series and number, of any region. */
export function checkRoutes(app: ZodApp, forms: FormService) {
  app.get(
    '/api/fn/check/',
    {
      config: { access: { permissions: ['check_fn'] } },
      schema: {
        operationId: 'checkFn',
        ...common,
        summary:
          'check-fn: a mark by series and number, of any region: status (as of today), validity, stage, holder; ' +
          'a number never issued answers 404 saying so',
        querystring: fnCheckQuerySchema,
        response: { 200: fnCheckSchema, ...signedInErrors },
      },
    },
    async (request) => forms.check(request.query.series, request.query.number),
  );
}
