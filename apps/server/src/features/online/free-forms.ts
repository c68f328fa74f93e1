import { batchValidityMonths, onlineMessages as m, type OnlineVehicle } from '@dnx/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { fnBatches, fnCoefficients, fnForms } from '../../db/schema';
import { conflict } from '../../lib/http-errors';

/**
 * Free forms for the vehicles, one each: active or shared, not annulled, of the request's region, of a batch of
 * the vehicle's transport type issued for the months wanted; locked, skipping forms another transaction holds.
 */
export async function freeForms(tx: Transaction, region: number, vehicles: OnlineVehicle[]) {
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
