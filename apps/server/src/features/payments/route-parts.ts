import { fnFormListQuerySchema, paymentPermissions } from '@dnx/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { IdempotentEffect } from '../../lib/idempotency';
import type { ListCaches } from '../../lib/list/list-query';
import type { PaymentService } from './payment-service';

/** What the payments' routes share: their tags and access, the PDF's schema, the free forms' query. */
export const common = { tags: ['payments'], security: [{ bearer: [] }] };
export const view = { access: { permissions: [paymentPermissions.view] } } as const;
export const changeAccess = { permissions: [paymentPermissions.change] } as const;
// A picker over what may be many thousands of free forms: found by series and number, paged, never all at once.
export const forPaymentQuerySchema = fnFormListQuerySchema.omit({ stage: true, shared: true, no_page: true });
// A Buffer is sent as it is (never serialized); the document says what it is.
export const pdfSchema = z
  .any()
  .meta({ description: 'The receipt, application/pdf', type: 'string', format: 'binary' });

/** What the routes take from the composition root and each other. */
export interface PaymentRoutesContext {
  service: PaymentService;
  formCaches: ListCaches;
  config: Config;
  /** A payment route's answer given again from the payment it wrote, when a crash lost it (lib/idempotency.ts). */
  paymentEffect: (status: number) => IdempotentEffect;
  /** A transition's or an edit's route options: the change permission, idempotent. */
  change: { access: typeof changeAccess; idempotency: IdempotentEffect };
}
