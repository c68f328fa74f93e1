import {
  onlineMessages as m,
  onlineStatusLabel,
  paymentStatusLabel,
  type OnlineCarrierRequestInput,
  type OnlinePaymentRequestInput,
  type OnlineStatus,
  type OnlineStatusAnswer,
} from '@dnx/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { onlineCarrierRequests, onlinePaymentRequests, regions } from '../../db/schema';
import { fieldErrors, notFound, throttled } from '../../lib/http-errors';
import { takeRateLimit } from '../../lib/rate-limit';
import type { CaptchaService } from '../captcha';
import type { PaymentService } from '../payments';
import type { CheckedDocument } from './documents';
import { submittedMail } from './mail';
import { findCarrierRequest, findPaymentRequest, moment } from './request-lists';
import { recordCarrierRequest, recordPaymentRequest } from './submissions';

export interface PublicRequestDeps {
  db: Database;
  config: Pick<Config, 'ONLINE_RATE_LIMIT' | 'ONLINE_RATE_WINDOW'>;
  captcha: CaptchaService;
  payments: PaymentService;
  /** The public status page's link for a tracking code (the submission's mail holds it). */
  statusLink: (code: string) => string;
}

/** What the public page does: submit a registration or a request for marks, and read a request's status. */
export function publicRequests({ db, config, captcha, payments, statusLink }: PublicRequestDeps) {
  /** The per-address limit and the human verification, in that order (a throttled sender spends no token). */
  async function admit(gtoken: string, address: string): Promise<void> {
    const limit = await takeRateLimit(db, [
      { scope: 'online:address', key: address, limit: config.ONLINE_RATE_LIMIT, window: config.ONLINE_RATE_WINDOW },
    ]);
    if (!limit.allowed) throw throttled(limit.retryAfter);
    const refused = await captcha.verify(gtoken);
    if (refused) throw fieldErrors({ gtoken: [refused] });
  }

  async function assertRegion(region: number, field: string): Promise<void> {
    const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, region)).limit(1);
    if (!row) throw fieldErrors({ [field]: [m.regionRequired] });
  }

  return {
    async submitCarrier(input: OnlineCarrierRequestInput, documents: CheckedDocument[], address: string) {
      await admit(input.gtoken, address);
      await assertRegion(input.region, 'region');
      const { id, code } = await recordCarrierRequest(db, input, documents, address, (tracking) =>
        submittedMail(input.email, 'carrier', tracking, statusLink(tracking)),
      );
      return { id, code, status: 1 as const, detail: m.submitted };
    },

    async submitPayment(input: OnlinePaymentRequestInput, documents: CheckedDocument[], address: string) {
      await admit(input.gtoken, address);
      await assertRegion(input.owner_region, 'owner_region');
      const { id, code } = await recordPaymentRequest(db, input, documents, address, (tracking) =>
        submittedMail(input.owner_email, 'payment', tracking, statusLink(tracking)),
      );
      return { id, code, status: 1 as const, detail: m.submitted };
    },

    /** The public status: the code and the VÖEN must both match, else 404 (nothing tells which was wrong). */
    async status(code: string, voen: string): Promise<OnlineStatusAnswer> {
      const carrier = await findCarrierRequest(
        db,
        and(eq(onlineCarrierRequests.code, code), eq(onlineCarrierRequests.voen, voen))!,
      );
      if (carrier) {
        return {
          kind: 'carrier',
          code,
          status: carrier.status as OnlineStatus,
          status_label: onlineStatusLabel('carrier', carrier.status),
          created_at: carrier.createdAt.toISOString(),
          decided_at: moment(carrier.decidedAt),
          reason: carrier.reason,
          payment: null,
        };
      }
      const request = await findPaymentRequest(
        db,
        and(eq(onlinePaymentRequests.code, code), eq(onlinePaymentRequests.ownerCode, voen))!,
      );
      if (!request) throw notFound(m.statusNotFound);
      const payment = request.paymentId === null ? null : await payments.readById(request.paymentId);
      return {
        kind: 'payment',
        code,
        status: request.status as OnlineStatus,
        status_label: onlineStatusLabel('payment', request.status),
        created_at: request.createdAt.toISOString(),
        decided_at: moment(request.decidedAt),
        reason: request.reason,
        payment: payment && {
          status: payment.status,
          status_label: paymentStatusLabel(payment.status),
          owner_code: payment.owner_code,
          owner_name: payment.owner_name,
          region_name: request.regionName,
          total: payment.total,
          rows: payment.rows.map((r) => ({
            plate: r.plate,
            form: `${r.form_series} ${r.form_number}`,
            months: r.expire_date,
            tax_price: r.tax_price,
          })),
          payment_receipt_number: payment.payment_receipt_number,
          payment_receipt_date: payment.payment_receipt_date,
        },
      };
    },
  };
}
