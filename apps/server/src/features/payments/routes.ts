import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { IdempotentEffect } from '../../lib/idempotency';
import { authUser } from '../../plugins/auth';
import { formPickerRoutes } from './form-picker-routes';
import { editRoutes } from './payment-edit-routes';
import { listRoutes } from './payment-list-routes';
import { transitionRoutes } from './payment-transition-routes';
import { receiptRoutes } from './receipt-routes';
import { changeAccess, type PaymentRoutesContext } from './route-parts';

/**
 * Fee payments (issue 13): `/api/payments/` and its transitions, the quote, the receipt, the forms free for a
 * payment, and the public check. Routes are thin: the service owns rules and transactions. Each group of routes is
 * declared in a file of its own, named by what they do.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const service = app.services.payments;
  const paymentEffect = (status: number): IdempotentEffect => ({
    resource: 'payment',
    replay: async (request, recordId) => ({ status, body: await service.read(authUser(request), Number(recordId)) }),
  });
  const context: PaymentRoutesContext = {
    service,
    formCaches: app.services.fn.formCaches,
    config,
    paymentEffect,
    change: { access: changeAccess, idempotency: paymentEffect(200) },
  };
  listRoutes(app, context);
  editRoutes(app, context);
  transitionRoutes(app, context);
  receiptRoutes(app, context);
  formPickerRoutes(app, context);
};
