import {
  batchValidityMonths,
  findOnlineTransition,
  onlineMessages as m,
  paymentCreateSchema,
  type OnlineAction,
  type OnlineRequestKind,
  type OnlineStatus,
  type OnlineVehicle,
  type Payment,
} from '@dnx/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  carriers,
  fnBatches,
  fnCoefficients,
  fnForms,
  onlineCarrierRequests,
  onlinePaymentRequests,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { conflict, notFound } from '../../lib/http-errors';
import { regionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';
import { enqueueMail } from '../mail';
import type { PaymentService } from '../payments';
import { decisionMail } from './mail';
import type { requestDetails } from './request-details';
import {
  carrierScope,
  findCarrierRequest,
  findPaymentRequest,
  findRequest,
  paymentScope,
  within,
  type CarrierRequestRow,
  type PaymentRequestRow,
} from './request-lists';

export interface DecisionDeps {
  db: Database;
  payments: PaymentService;
  /** The public status page's link for a tracking code (the decision's mail holds it). */
  statusLink: (code: string) => string;
  lookedUp: ReturnType<typeof requestDetails>['lookedUp'];
}

/** The staff's decisions on a new request, each once, on its locked row, mailed and audited in its transaction. */
export function requestDecisions({ db, payments, statusLink, lookedUp }: DecisionDeps) {
  /**
   * Free forms for the vehicles, one each: active or shared, not annulled, of the request's region, of a batch of
   * the vehicle's transport type issued for the months wanted; locked, skipping forms another transaction holds.
   */
  async function freeForms(tx: Transaction, region: number, vehicles: OnlineVehicle[]) {
    const batches = await tx
      .select({
        id: fnBatches.id,
        transportTypeId: fnBatches.transportTypeId,
        expireDate: fnBatches.expireDate,
        expireDateType: fnBatches.expireDateType,
        coefficient: fnCoefficients.coefficient,
      })
      .from(fnBatches)
      .innerJoin(fnCoefficients, eq(fnCoefficients.id, fnBatches.coefficientId))
      .where(
        and(
          eq(fnBatches.regionId, region),
          inArray(fnBatches.transportTypeId, [...new Set(vehicles.map((v) => v.transport_type))]),
        ),
      )
      .orderBy(asc(fnBatches.id));
    const taken: number[] = [];
    const chosen: { form: number; coefficient: string }[] = [];
    const errors: Record<string, string[]> = {};
    for (const [i, vehicle] of vehicles.entries()) {
      const fitting = batches.filter(
        (b) =>
          b.transportTypeId === vehicle.transport_type &&
          batchValidityMonths(b.expireDate, b.expireDateType) === vehicle.months,
      );
      const [form] =
        fitting.length === 0
          ? []
          : await tx
              .select({ id: fnForms.id, batchId: fnForms.batchId })
              .from(fnForms)
              .where(
                and(
                  inArray(
                    fnForms.batchId,
                    fitting.map((b) => b.id),
                  ),
                  inArray(fnForms.stage, ['active', 'shared']),
                  eq(fnForms.annulled, false),
                  taken.length > 0 ? sql`${fnForms.id} <> all(${`{${taken.join(',')}}`}::int[])` : undefined,
                ),
              )
              .orderBy(asc(fnForms.batchId), asc(fnForms.number))
              .limit(1)
              .for('update', { skipLocked: true });
      if (!form) {
        errors[`vehicles.${i}`] = [m.noFreeForms(vehicle.plate)];
        continue;
      }
      taken.push(form.id);
      chosen.push({ form: form.id, coefficient: fitting.find((b) => b.id === form.batchId)!.coefficient });
    }
    if (Object.keys(errors).length > 0) throw conflict(Object.values(errors).flat().join(' '));
    return chosen;
  }

  async function decide<T extends CarrierRequestRow | PaymentRequestRow>(
    tx: Transaction,
    kind: OnlineRequestKind,
    row: T | null,
    action: OnlineAction,
    actor: AuthUser,
    set: Record<string, unknown>,
  ): Promise<OnlineStatus> {
    if (!row) throw notFound();
    const transition = findOnlineTransition(kind, row.status, action);
    if (!transition) throw conflict(m.alreadyDecided);
    const table = kind === 'carrier' ? onlineCarrierRequests : onlinePaymentRequests;
    await tx
      .update(table)
      .set({
        ...set,
        status: transition.to,
        decidedBy: actor.id,
        decidedAt: sql`now()`,
        version: sql`${table.version} + 1`,
      })
      .where(eq(table.id, row.id));
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: 'update',
      resource: kind === 'carrier' ? 'onlinecarrier' : 'onlinepayment',
      recordId: row.id,
      before: { status: row.status, code: row.code },
      after: { status: transition.to, code: row.code, action, ...('reason' in set ? { reason: set.reason } : {}) },
    });
    // The requester is told in the same transaction: the outbox sends it once the decision has committed.
    const email = 'ownerEmail' in row ? row.ownerEmail : row.email;
    const reason = 'reason' in set ? String(set.reason) : null;
    const decision = action === 'approve' || action === 'accept' ? action : 'reject';
    await enqueueMail(
      tx,
      'online_decision',
      decisionMail(email, kind, decision, row.code, reason, statusLink(row.code)),
    );
    return transition.to;
  }

  /** Rejects a new request of a kind, on its locked row, with the reason the carrier is told. */
  async function reject<K extends OnlineRequestKind>(kind: K, actor: AuthUser, id: number, reason: string) {
    const table = (kind === 'carrier' ? onlineCarrierRequests : onlinePaymentRequests) as K extends 'carrier'
      ? typeof onlineCarrierRequests
      : typeof onlinePaymentRequests;
    const scope = regionScope(actor, table.regionId);
    await db.transaction(async (tx) => {
      const request = await findRequest(tx, table, within(scope, eq(table.id, id)), true);
      await decide(tx, kind, request, 'reject', actor, { reason });
    });
  }

  /** Approve: the carrier with that VÖEN is updated (the differences shown before), or created. */
  async function approveCarrier(actor: AuthUser, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const request = await findCarrierRequest(tx, within(carrierScope(actor), eq(onlineCarrierRequests.id, id)), true);
      if (!request) throw notFound();
      if (!findOnlineTransition('carrier', request.status, 'approve')) throw conflict(m.alreadyDecided);
      const values = {
        name: request.name,
        phone: request.phone,
        address: request.address,
        info: request.info,
        taxPayerId: request.taxPayerId,
      };
      const [existing] = await tx.select().from(carriers).where(eq(carriers.voen, request.voen)).limit(1).for('update');
      let carrierId: number;
      if (existing) {
        await tx
          .update(carriers)
          .set({ ...values, version: sql`${carriers.version} + 1` })
          .where(eq(carriers.id, existing.id));
        carrierId = existing.id;
        await recordAudit(tx, {
          actor: auditActor(actor),
          action: 'update',
          resource: 'carrier',
          recordId: carrierId,
          before: { name: existing.name, phone: existing.phone, address: existing.address, info: existing.info },
          after: { name: values.name, phone: values.phone, address: values.address, info: values.info },
        });
      } else {
        const [created] = await tx
          .insert(carriers)
          .values({ ...values, voen: request.voen })
          .returning({ id: carriers.id });
        carrierId = created!.id;
        await recordAudit(tx, {
          actor: auditActor(actor),
          action: 'create',
          resource: 'carrier',
          recordId: carrierId,
          after: { name: values.name, voen: request.voen },
        });
      }
      await decide(tx, 'carrier', request, 'approve', actor, { carrierId });
      return { ...request, carrierId };
    });
  }

  /**
   * Accept: a payment under review with a row per vehicle, each on a free form of the region (the next by
   * number of a batch of its transport type and months), priced by the payment service, and the lookups' data.
   * The request's row is locked first: a second accept waits, then finds it decided (409); one payment at most.
   */
  async function acceptPayment(actor: AuthUser, id: number): Promise<void> {
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
      await decide(tx, 'payment', request, 'accept', actor, { paymentId: payment.id });
      return request;
    });
  }

  return { approveCarrier, acceptPayment, reject };
}
