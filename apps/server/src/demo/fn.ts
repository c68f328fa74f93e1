import { paymentCreateSchema } from '@dnx/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { createBatchService } from '../features/fn/batch-service';
import { createFormService } from '../features/fn/form-service';
import { createPaymentService } from '../features/payments/payment-service';
import { utcDay } from '../lib/days';
import type { AuthUser } from '../plugins/auth';
import { loadActor } from '../plugins/auth-user';
import type { Database } from '../db/client';
import { fnBatches, fnCoefficients, fnForms, regions, transportTypes, users } from '../db/schema';

/**
 * A demo user acting through the services, so the demo's movements are in the ledger like everyone's: as a request
 * of theirs would have them (groups, permissions, region scope), by e-mail.
 */
export async function actorOf(db: Database, email: string): Promise<AuthUser | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user ? loadActor(db, user.id) : null;
}

/**
 * Form batches in the demo operator's region (Gəncə) in every stage: one waiting for the operator, accepted ones
 * with three forms shared to the demo inspector and one voided. Only when there are no batches yet.
 */
export async function seedDemoFn(db: Database): Promise<void> {
  const [any] = await db.select({ id: fnBatches.id }).from(fnBatches).limit(1);
  if (any) return;
  const central = await actorOf(db, 'central@demo.az');
  const operator = await actorOf(db, 'operator@demo.az');
  if (!central || !operator || operator.regionId === null) return;
  const [transportType] = await db
    .select({ id: transportTypes.id })
    .from(transportTypes)
    .orderBy(asc(transportTypes.id))
    .limit(1);
  const [coefficient] = await db
    .select({ id: fnCoefficients.id })
    .from(fnCoefficients)
    .orderBy(sql`${fnCoefficients.coefficient} desc`, asc(fnCoefficients.id))
    .limit(1);
  const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, operator.regionId));
  if (!transportType || !coefficient || !region) return;

  const batches = createBatchService(db);
  const batch = (series: string, start: number, finish: number, fnBase: number | null = null) =>
    batches.create(central, {
      series,
      start_number: start,
      finish_number: finish,
      operator: operator.id,
      region: region.id,
      transport_type: transportType.id,
      coefficient: coefficient.id,
      fnBase,
      expire_date: 3,
      expire_date_type: 'month',
    });

  const accepted = await batch('GA', 1, 100);
  await batches.accept(operator, accepted.id);
  const second = await batch('GA', 101, 150, accepted.id);
  await batches.accept(operator, second.id);
  // Waiting for the operator: the accept action shows on the new-fn screen.
  await batch('GB', 1, 50);

  const forms = createFormService(db);
  const inspector = await actorOf(db, 'inspector@demo.az');
  if (inspector) {
    await forms.share(operator, { inspector: inspector.id, series: 'GA', number_from: 1, number_to: 3 });
  }
  const [spoiled] = await db
    .select({ id: fnForms.id })
    .from(fnForms)
    .where(and(eq(fnForms.series, 'GA'), eq(fnForms.number, 10)));
  if (spoiled) await forms.void(operator, spoiled.id, 'Çap zamanı korlanıb');

  // The cashier's payments in each open stage, on forms far from those the tests move: one paid (GA 90, 91), one
  // awaiting payment (GA 92), one under review (GA 93).
  const cashier = await actorOf(db, 'cashier@demo.az');
  if (!cashier) return;
  const [rate] = await db
    .select({ value: sql<string>`${fnCoefficients.coefficient}::text` })
    .from(fnCoefficients)
    .where(eq(fnCoefficients.id, coefficient.id));
  const formIds = new Map(
    (
      await db
        .select({ id: fnForms.id, number: fnForms.number })
        .from(fnForms)
        .where(and(eq(fnForms.series, 'GA'), sql`${fnForms.number} between 90 and 93`))
    ).map((f) => [f.number, f.id]),
  );
  const payments = createPaymentService(db, 'http://localhost');
  const pay = (numbers: number[], plate: string) =>
    payments.create(
      cashier,
      paymentCreateSchema.parse({
        owner_code: '1402345671',
        owner_name: 'Gəncə Sərnişin Daşımaları MMC',
        mdssh_number: 'MDSSH-2026-001',
        mdssh_date: utcDay(),
        mdssh_amount: '15.00',
        itsda_number: 'ITSDA-2026-001',
        itsda_date: utcDay(),
        itsda_amount: '12.50',
        rows: numbers.map((number, i) => ({
          form: formIds.get(number),
          plate: `${plate}${i}`,
          seats_count: 18,
          transport_type: transportType.id,
          coefficient: rate!.value,
          expire_date: 3,
        })),
      }),
    );
  const paid = await pay([90, 91], '20-GD-10');
  await payments.submit(cashier, paid.id);
  await payments.pay(cashier, paid.id, { payment_receipt_number: 'DEMO-0001', payment_receipt_date: utcDay() });
  await payments.submit(cashier, (await pay([92], '20-GD-20')).id);
  await pay([93], '20-GD-30');
}
