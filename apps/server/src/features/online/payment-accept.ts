import { findOnlineTransition, onlineMessages as m, paymentCreateSchema, type Payment } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import { onlinePaymentRequests } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import type { DecisionDeps } from './decision-deps';
import { decide } from './decision-record';
import { freeForms } from './free-forms';
import { findPaymentRequest, paymentScope, within } from './request-lists';

/**
 * Accept: a payment under review with a row per vehicle, each on a free form of the region (the next by
 * number of a batch of its transport type and months), priced by the payment service, and the lookups' data.
 * The request's row is locked first: a second accept waits, then finds it decided (409); one payment at most.
 */
export async function acceptPayment(
  { db, payments, statusLink, lookedUp }: DecisionDeps,
  actor: AuthUser,
  id: number,
): Promise<void> {
  // The registry is asked first, outside the transaction: no lock waits on a slow registry.
  const unlocked = await findPaymentRequest(db, within(paymentScope(actor), eq(onlinePaymentRequests.id, id)));
  if (!unlocked) throw notFound();
  const vehicles = await Promise.all(unlocked.vehicles.map((v) => lookedUp(v)));
  await db.transaction(async (tx) => {
    const request = await findPaymentRequest(tx, within(paymentScope(actor), eq(onlinePaymentRequests.id, id)), true);
    if (!request) throw notFound();
    if (!findOnlineTransition('payment', request.status, 'accept')) throw conflict(m.alreadyDecided);
    const forms = await freeForms(tx, request.regionId, request.vehicles);
    const input = paymentCreateSchema.parse({
      owner_code: request.ownerCode,
      owner_name: request.ownerName,
      owner_address: request.ownerAddress,
      owner_phone: request.ownerPhone,
      owner_transport_type: request.ownerTransportTypeId,
      region: request.regionId,
      rows: vehicles.map((v, i) => ({
        form: forms[i]!.form,
        plate: v.plate,
        base_carrier_pin: v.base_carrier_pin,
        brand_model: v.brand_model,
        seats_count: v.seats_count,
        load_carrying_capacity: v.load_carrying_capacity,
        right_of_use: v.right_of_use,
        right_of_use_expire_date: v.right_of_use_expire_date,
        driver_fin: v.driver_fin,
        driver_full_name: v.driver_full_name,
        transport_type: v.transport_type,
        coefficient: forms[i]!.coefficient,
        expire_date: v.months,
        serviceErrors: v.serviceErrors,
      })),
    });
    const payment: Payment = await payments.createWithin(tx, actor, input);
    await decide(tx, statusLink, 'payment', request, 'accept', actor, { paymentId: payment.id });
    return request;
  });
}
