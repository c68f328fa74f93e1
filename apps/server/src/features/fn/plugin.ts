import fp from 'fastify-plugin';
import { createListCaches, type ListCaches } from '../../lib/list/list-query';
import { createBatchService } from './batch-service';
import { createFormService } from './form-service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The forms' and batches' services, built once a process with the list caches every screen of theirs shares (the
     * fn screens, the payments' form picker, the home statistics): one cache of a list follows each change once.
     */
    fn: {
      forms: ReturnType<typeof createFormService>;
      batches: ReturnType<typeof createBatchService>;
      /** The forms' list caches, for a forms list of another screen (the payments' picker). */
      formCaches: ListCaches;
    };
  }
}

export const fnServicesPlugin = fp(async (app) => {
  // A forms list joins its batch (region, operator); a batches list names its operator and region.
  const formCaches = createListCaches(app.changes, ['fn_forms', 'fn_batches']);
  const batchCaches = createListCaches(app.changes, ['fn_batches', 'users', 'regions']);
  app.decorate('fn', {
    forms: createFormService(app.db, formCaches),
    batches: createBatchService(app.db, batchCaches),
    formCaches,
  });
});
