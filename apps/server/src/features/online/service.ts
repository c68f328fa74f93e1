import type { OnlineCarrier, OnlinePaymentRequest } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { onlineCarrierRequests, onlineFiles, onlinePaymentRequests } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import type { CaptchaService } from '../captcha';
import type { PaymentService } from '../payments';
import type { RegistryGateway } from '../registry';
import { requestDecisions } from './decisions';
import { publicRequests } from './public-requests';
import { requestDetails } from './request-details';
import {
  carrierScope,
  findCarrierRequest,
  findPaymentRequest,
  onlineRequestLists,
  paymentScope,
  within,
} from './request-lists';

// The names other parts import from here: the home's counts, the demo data's requests.
export { carrierRequestList, onlineRequestLists, paymentRequestList } from './request-lists';
export {
  recordCarrierRequest,
  recordPaymentRequest,
  trackingCode,
  type CarrierRequestFields,
  type PaymentRequestFields,
} from './submissions';

export interface OnlineServiceDeps {
  db: Database;
  config: Pick<Config, 'ONLINE_RATE_LIMIT' | 'ONLINE_RATE_WINDOW'>;
  captcha: CaptchaService;
  registry: RegistryGateway;
  payments: PaymentService;
  publicOrigin: string;
}

/**
 * Online requests (issue 14), composed of their rooms: the public submissions and status (public-requests.ts), the
 * two review lists (request-lists.ts), a request as the staff read it (request-details.ts) and their decisions
 * (decisions.ts).
 */
export function createOnlineService({ db, config, captcha, registry, payments, publicOrigin }: OnlineServiceDeps) {
  const lists = onlineRequestLists(db);
  const statusLink = (code: string) => `${publicOrigin}/online/status?code=${encodeURIComponent(code)}`;
  const details = requestDetails(db, registry);
  const decisions = requestDecisions({ db, payments, statusLink, lookedUp: details.lookedUp });

  async function readCarrier(actor: AuthUser, id: number): Promise<OnlineCarrier> {
    const row = await findCarrierRequest(db, within(carrierScope(actor), eq(onlineCarrierRequests.id, id)));
    if (!row) throw notFound();
    return details.carrierDetail(row);
  }

  async function readPayment(actor: AuthUser, id: number): Promise<OnlinePaymentRequest> {
    const row = await findPaymentRequest(db, within(paymentScope(actor), eq(onlinePaymentRequests.id, id)));
    if (!row) throw notFound();
    return details.paymentDetail(row);
  }

  return {
    ...publicRequests({ db, config, captcha, payments, statusLink }),

    listCarriers: lists.carriers,
    listPayments: lists.payments,
    countCarriers: lists.countCarriers,
    countPayments: lists.countPayments,
    streamCarriers: lists.streamCarriers,
    streamPayments: lists.streamPayments,

    readCarrier,
    readPayment,

    /** Approve: the carrier with that VÖEN is updated (the differences shown before), or created. */
    async approveCarrier(actor: AuthUser, id: number): Promise<OnlineCarrier> {
      await decisions.approveCarrier(actor, id);
      return readCarrier(actor, id);
    },

    async rejectCarrier(actor: AuthUser, id: number, reason: string): Promise<OnlineCarrier> {
      await decisions.reject('carrier', actor, id, reason);
      return readCarrier(actor, id);
    },

    /** Accept: a payment under review with a row per vehicle on free forms of the region (decisions.ts). */
    async acceptPayment(actor: AuthUser, id: number): Promise<OnlinePaymentRequest> {
      await decisions.acceptPayment(actor, id);
      return readPayment(actor, id);
    },

    async rejectPayment(actor: AuthUser, id: number, reason: string): Promise<OnlinePaymentRequest> {
      await decisions.reject('payment', actor, id, reason);
      return readPayment(actor, id);
    },

    /** A document, to a user who may see its request (same permission and region); 404 otherwise. */
    async file(actor: AuthUser, id: number) {
      const [file] = await db.select().from(onlineFiles).where(eq(onlineFiles.id, id)).limit(1);
      if (!file) throw notFound();
      const may = (code: string) => actor.permissions.has(code);
      const visible =
        file.carrierRequestId !== null
          ? may('view_onlinecarrier') &&
            (await findCarrierRequest(
              db,
              within(carrierScope(actor), eq(onlineCarrierRequests.id, file.carrierRequestId)),
            ))
          : may('view_onlinepayment') &&
            (await findPaymentRequest(
              db,
              within(paymentScope(actor), eq(onlinePaymentRequests.id, file.paymentRequestId!)),
            ));
      if (!visible) throw notFound();
      return file;
    },

    /** For the summary PDF: the request as the staff see it, and its payment's total when there is one. */
    async summaryOf(actor: AuthUser, id: number) {
      const request = await readPayment(actor, id);
      const payment = request.payment === null ? null : await payments.readById(request.payment);
      return { request, total: payment?.total ?? null };
    },
  };
}

export type OnlineService = ReturnType<typeof createOnlineService>;
