import { forPaymentFormSchema, pageSchema } from '@dnx/shared';
import { eq, inArray } from 'drizzle-orm';
import { fnBatches, fnForms } from '../../db/schema';
import { requestUrl } from '../../lib/list/list-query';
import { regionScope } from '../../lib/region-scope';
import { authUser } from '../../plugins/auth';
import { formList, formSource } from '../fn';
import { batchPricing } from './payment-repository';
import { signedInErrors } from '../../lib/api-errors';
import type { ZodApp } from '../../lib/zod-app';
import { common, view, forPaymentQuerySchema, type PaymentRoutesContext } from './route-parts';

/** The forms free for a payment, found by series and number, paged, with their batch's pricing. */
export function formPickerRoutes(app: ZodApp, { formCaches }: PaymentRoutesContext) {
  app.get(
    '/api/fn/forms/for-payment/',
    {
      config: view,
      schema: {
        operationId: 'listFnFormsForPayment',
        tags: ['fn'],
        security: common.security,
        summary:
          "Forms free for a payment: active or shared, not held by a payment, of the user's region (a national " +
          'user filters by region); filters series, number, number_from, number_to, batch, region, transport_type',
        querystring: forPaymentQuerySchema,
        response: { 200: pageSchema(forPaymentFormSchema), ...signedInErrors },
      },
    },
    async (request) => {
      const page = await formList.page(
        { ...request.query, stage: undefined, shared: undefined, no_page: undefined },
        formSource(app.db),
        {
          currentUrl: requestUrl(request),
          scope: [
            regionScope(authUser(request), fnBatches.regionId),
            inArray(fnForms.stage, ['active', 'shared']),
            eq(fnForms.annulled, false),
          ].filter((c) => c !== undefined),
          caches: formCaches,
        },
      );
      const pricing = await batchPricing(
        app.db,
        page.results.map((form) => form.batch),
      );
      return { ...page, results: page.results.map((form) => ({ ...form, ...pricing.get(form.batch)! })) };
    },
  );
}
