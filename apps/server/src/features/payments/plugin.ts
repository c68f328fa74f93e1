import fp from 'fastify-plugin';
import { createListCaches } from '../../lib/list/list-query';
import { createPaymentService } from './payment-service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The payments' service, built once a process with its list caches (the payments screens, the online requests'
     * payments, the home statistics).
     */
    payments: ReturnType<typeof createPaymentService>;
  }
}

export const paymentServicePlugin = fp(async (app) => {
  app.decorate(
    'payments',
    createPaymentService(
      app.db,
      app.publicOrigin,
      createListCaches(app.changes, ['payments', 'payment_rows', 'fn_forms']),
    ),
  );
});
