import {
  ownerCategoryOf,
  paymentMessages as m,
  type Payment,
  type PaymentCreateInput,
  type PaymentUpdateInput,
} from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { paymentRows, payments } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { insertAsJson } from '../../lib/bulk-insert';
import { auditActor } from '../../lib/grants';
import { conflict, HttpError } from '../../lib/http-errors';
import { updateVersioned } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import { releaseForms, useForms } from './form-moves';
import * as repo from './payment-repository';
import { paymentScope } from './payment-queries';
import { priceRows, regionOf, translateHeld, type PricedRow } from './payment-rules';
import { paymentSnapshot } from './payment-snapshot';
import { createVerifyCode } from './receipt';

const headerValues = (input: PaymentCreateInput) => ({
  ownerCode: input.owner_code,
  ownerCategory: ownerCategoryOf(input.owner_code),
  ownerName: input.owner_name,
  ownerAddress: input.owner_address,
  ownerPhone: input.owner_phone,
  ownerTransportTypeId: input.owner_transport_type,
  mdsshNumber: input.mdssh_number,
  mdsshDate: input.mdssh_date,
  mdsshAmount: input.mdssh_amount,
  itsdaNumber: input.itsda_number,
  itsdaDate: input.itsda_date,
  itsdaAmount: input.itsda_amount,
});

/** Inserts the priced rows of a payment, in the order sent; answers them as inserted, with their forms. */
async function insertRows(tx: Transaction, paymentId: number, rows: PricedRow[]) {
  const inserted = await insertAsJson(
    tx,
    paymentRows,
    rows.map(({ input, price: p }, position) => ({
      paymentId,
      position,
      formId: input.form,
      plate: input.plate,
      baseCarrierPin: input.base_carrier_pin,
      brandModel: input.brand_model,
      seatsCount: input.seats_count,
      loadCarryingCapacity: input.load_carrying_capacity,
      busType: input.bus_type,
      rightOfUse: input.right_of_use,
      rightOfUseExpireDate: input.right_of_use_expire_date,
      trailerPlate: input.trailer_plate,
      trailerLoadCarryingCapacity: input.trailer_load_carrying_capacity,
      countVehicleLoad: input.count_vehicle_load,
      inspectorId: input.inspector,
      busRouteName: input.bus_route_name,
      busRouteNumber: input.bus_route_number,
      driverFin: input.driver_fin,
      driverFullName: input.driver_full_name,
      drivingLicenseNumber: input.driving_license_number,
      drivingLicenseCategories: input.driving_license_categories,
      drivingLicenseExpireDate: input.driving_license_expire_date,
      workSectors: input.work_sectors,
      transportTypeId: input.transport_type,
      serviceErrors: input.serviceErrors,
      taxPrice: p.amount,
      tariffId: p.tariff_id,
      tariffRate: p.tariff_rate,
      tariffEffectiveFrom: p.tariff_effective_from,
      feeGroup: p.fee_group,
      units: p.units,
      coefficient: p.coefficient,
      months: p.months,
    })),
  );
  const byForm = new Map(rows.map((r) => [r.form.id, r.form]));
  return inserted
    .sort((x, y) => x.position - y.position)
    .map((row) => ({ row, series: byForm.get(row.formId)!.series, number: byForm.get(row.formId)!.number }));
}

/** A payment under review, with its rows priced, its forms held, its ledger and audit rows, in `tx`. */
export async function createPaymentWithin(
  tx: Transaction,
  actor: AuthUser,
  input: PaymentCreateInput,
): Promise<Payment> {
  const { priced, region, day, total } = await priceRows(
    tx,
    input,
    (locked) => regionOf(tx, actor, input.region, locked),
    null,
  );
  const [header] = await insertAsJson(tx, payments, [
    {
      ...headerValues(input),
      regionId: region,
      pricedOn: day,
      total,
      verifyCode: createVerifyCode(),
      createdBy: actor.id,
      statusBy: actor.id,
    },
  ]);
  const id = header!.id;
  const payment = repo.paymentOf(header!, await insertRows(tx, id, priced));
  await useForms(
    tx,
    actor,
    id,
    priced.map((p) => p.form),
  );
  await recordAudit(tx, {
    actor: auditActor(actor),
    action: 'create',
    resource: 'payment',
    recordId: id,
    after: paymentSnapshot(payment),
  });
  return payment;
}

/** A payment under review in its own transaction. */
export async function createPayment(db: Database, actor: AuthUser, input: PaymentCreateInput): Promise<Payment> {
  try {
    return await db.transaction((tx) => createPaymentWithin(tx, actor, input));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    return translateHeld(err);
  }
}

/** An edit under review: header and rows replaced whole, priced again today; forms dropped released, added used. */
export async function updatePayment(
  db: Database,
  actor: AuthUser,
  id: number,
  input: PaymentUpdateInput,
): Promise<Payment> {
  try {
    return await db.transaction(async (tx) => {
      const { after } = await updateVersioned(tx, {
        target: { table: payments, id: payments.id, version: payments.version },
        id,
        expectedVersion: input.version,
        read: (t) => repo.findPayment(t, sql`${payments.id} = ${id} and ${paymentScope(actor) ?? sql`true`}`),
        guard: (current) => {
          if (current.status !== 1) throw conflict(m.editOnlyUnderReview);
        },
        write: async (t, before) => {
          // The region stays the payment's: its forms are of it.
          const held = before.rows.map((r) => r.form);
          const { priced, forms, day, total } = await priceRows(t, input, async () => before.region, id, held);
          const kept = new Set(input.rows.map((r) => r.form));
          const dropped = held.filter((f) => !kept.has(f)).map((f) => forms.get(f)!);
          const added = priced.map((p) => p.form).filter((f) => !held.includes(f.id));
          await t.delete(paymentRows).where(eq(paymentRows.paymentId, id));
          await releaseForms(t, actor, dropped, m.rowRemovedReason);
          await insertRows(t, id, priced);
          await useForms(t, actor, id, added);
          await t
            .update(payments)
            .set({ ...headerValues(input), pricedOn: day, total, updatedAt: sql`now()` })
            .where(eq(payments.id, id));
        },
        audit: { actor: auditActor(actor), action: 'update', resource: 'payment', snapshot: paymentSnapshot },
      });
      return after;
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    return translateHeld(err);
  }
}
