import { randomBytes } from 'node:crypto';
import {
  noticeStatusOnSubmit,
  priceRow,
  sumAmounts,
  validityOf,
  type ExpireDateType,
  type FeeGroup,
  type TariffRate,
} from '@dnx/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import {
  fnBatches,
  fnCoefficients,
  fnForms,
  groups,
  regions,
  tariffs,
  transportTypes,
  userGroups,
  users,
} from '../db/schema';
import { recordMovement, type FnLedgerEntry } from '../features/fn/ledger';
import { insertSeededPaymentRows, insertSeededPayments } from '../features/payments';
import { insertAsJson } from '../lib/bulk-insert';
import { utcDay } from '../lib/days';
import { historyRegions, historyStaffPassword, ownerNames, type HistoryRegion } from './history-data';
import { addDays, atWork, daysBetween, seededRandom, type Random } from './random';

/**
 * A year of the authority's work in five regions besides the demo users' Gəncə (docs/decisions/0051-demo-data.md): form
 * batches month by month, their forms accepted, shared, voided and paid, payments in every status, dated back from
 * the day the demo is made, so the reports, charts and home numbers show a year. Written in bulk (one statement per
 * table) in one transaction: the services would take minutes for a few thousand forms and payments. What they
 * keep is kept here too: numbers run without gaps or overlaps per series, a form is held by one payment at most,
 * prices come from the one tariff function, receipts are unique, and every movement is in the forms' ledger (at the
 * moment the demo was made: the ledger records when it was written, the records carry the story's days).
 */

type Stage = 'new' | 'active' | 'shared' | 'used' | 'paid' | 'voided';

interface PlannedForm {
  number: number;
  stage: Stage;
  status: number | null;
  stageDay: string;
  inspector: number | null;
  payment: PlannedPayment | null;
  validFrom: string | null;
  validTo: string | null;
  voidReason: string | null;
}

interface PlannedBatch {
  region: HistoryRegion;
  regionId: number;
  series: string;
  start: number;
  finish: number;
  operator: number;
  transportType: { id: number; feeGroup: FeeGroup };
  coefficientId: number;
  coefficient: string;
  months: number;
  expireDate: number;
  expireDateType: ExpireDateType;
  createdDay: string;
  acceptedDay: string | null;
  forms: PlannedForm[];
  id?: number;
}

interface PlannedPayment {
  batch: PlannedBatch;
  forms: PlannedForm[];
  status: 1 | 2 | 3 | 4;
  /** 4 only: whether it was awaiting payment (submitted) when cancelled. */
  submitted: boolean;
  createdDay: string;
  statusDay: string;
  owner: { code: string; name: string };
  insured: { mdssh: boolean; itsda: boolean };
  receipt: string | null;
  cashier: number;
  id?: number;
}

const validityOfBatch: { expireDate: number; type: ExpireDateType; months: number }[] = [
  { expireDate: 1, type: 'month', months: 1 },
  { expireDate: 1, type: 'quarter', months: 3 },
  { expireDate: 1, type: 'quarter', months: 3 },
  { expireDate: 1, type: 'half-year', months: 6 },
  { expireDate: 1, type: 'year', months: 12 },
];

const voidReasons = ['Çap zamanı korlanıb', 'İtirilib', 'Səhv doldurulub'];

/**
 * The staff of the history regions, an operator, an inspector and a cashier each (role groups F, C, D), who joined a
 * year before the demo was made. Added before the demo users (so those stay the newest accounts, first in the users
 * list) when the first of them is missing.
 */
/** The ids of the year's regions by name; null unless every one of them is in the database. */
export async function historyRegionIds(db: Database | Transaction): Promise<Map<string, number> | null> {
  const rows = await db
    .select({ id: regions.id, name: regions.name })
    .from(regions)
    .where(
      inArray(
        regions.name,
        historyRegions.map((r) => r.name),
      ),
    );
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  return ids.size === historyRegions.length ? ids : null;
}

export async function addHistoryStaff(tx: Transaction): Promise<void> {
  const [already] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, historyRegions[0]!.staff[0]!.email));
  if (already) return;
  const regionIds = await historyRegionIds(tx);
  if (!regionIds) return;
  const groupIds = new Map(
    (await tx.select({ id: groups.id, code: groups.code }).from(groups)).map((g) => [g.code, g.id]),
  );
  const joined = new Date(Date.parse(`${addDays(utcDay(), -380)}T06:00:00Z`));
  const staff = historyRegions.flatMap((region) => region.staff.map((person) => ({ ...person, region: region.name })));
  const inserted = await insertAsJson(
    tx,
    users,
    staff.map((person) => ({
      email: person.email,
      // Not a password hash: no password signs these accounts in (an administrator may set one).
      passwordHash: historyStaffPassword,
      firstName: person.firstName,
      lastName: person.lastName,
      regionId: regionIds.get(person.region)!,
      dateJoined: joined,
    })),
  );
  const idOf = new Map(inserted.map((u) => [u.email, u.id]));
  await insertAsJson(
    tx,
    userGroups,
    staff.map((person) => ({ userId: idOf.get(person.email)!, groupId: groupIds.get(person.role)! })),
  );
}

/** The history staff's ids by region and role. */
async function staffOf(tx: Transaction) {
  const emails = historyRegions.flatMap((r) => r.staff.map((s) => s.email));
  const idOf = new Map(
    (await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => [
      u.email,
      u.id,
    ]),
  );
  if (idOf.size !== emails.length) return null;
  const byRole = (region: HistoryRegion, role: string) => idOf.get(region.staff.find((p) => p.role === role)!.email)!;
  return {
    operator: (r: HistoryRegion) => byRole(r, 'operator'),
    inspector: (r: HistoryRegion) => byRole(r, 'inspector'),
    cashier: (r: HistoryRegion) => byRole(r, 'cashier'),
  };
}

/** What became of one form of an accepted batch by today, and the payments made of them. */
function planForms(batch: PlannedBatch, random: Random, today: string, cashier: number, inspector: number) {
  const accepted = batch.acceptedDay!;
  const age = daysBetween(accepted, today);
  // Older batches are mostly sold; a recent one still has most of its forms free.
  const sold = Math.min(0.9, 0.3 + age / 200);
  const planned: PlannedPayment[] = [];
  let number = batch.start;
  while (number <= batch.finish) {
    const free = (stage: 'active' | 'shared' | 'voided'): PlannedForm => ({
      number,
      stage,
      status: stage === 'voided' ? null : 0,
      stageDay: stage === 'active' ? accepted : addDays(accepted, random.int(0, Math.min(age, 20))),
      inspector: stage === 'shared' ? inspector : null,
      payment: null,
      validFrom: null,
      validTo: null,
      voidReason: stage === 'voided' ? random.pick(voidReasons) : null,
    });
    if (random.chance(0.03)) {
      batch.forms.push(free('voided'));
      number += 1;
      continue;
    }
    if (!random.chance(sold)) {
      batch.forms.push(free(random.chance(0.12) ? 'shared' : 'active'));
      number += 1;
      continue;
    }
    // A payment of one to three vehicles of one owner, on consecutive forms.
    const size = Math.min(random.int(1, 3), batch.finish - number + 1);
    const createdDay = addDays(accepted, random.int(1, Math.max(1, Math.min(age, 120))));
    const day = createdDay > today ? today : createdDay;
    const recent = daysBetween(day, today) <= 14;
    const roll = random.next();
    const status: PlannedPayment['status'] = recent
      ? roll < 0.3
        ? 1
        : roll < 0.6
          ? 2
          : roll < 0.95
            ? 3
            : 4
      : roll < 0.9
        ? 3
        : 4;
    const settled = status === 3 || status === 4 ? addDays(day, random.int(0, 3)) : day;
    const statusDay = settled > today ? today : settled;
    const owner = random.pick(ownerNames);
    const payment: PlannedPayment = {
      batch,
      forms: [],
      status,
      submitted: status === 4 ? random.chance(0.5) : status >= 2,
      createdDay: day,
      statusDay,
      owner: { code: owner.code, name: owner.name },
      insured: { mdssh: true, itsda: status !== 2 || random.chance(0.7) },
      receipt: null,
      cashier,
    };
    for (let i = 0; i < size; i += 1) {
      const paid = status === 3 ? validityOf(statusDay, batch.months) : null;
      const form: PlannedForm = {
        number,
        // A cancelled payment let its forms go: back to active, free again.
        stage: status === 3 ? 'paid' : status === 4 ? 'active' : 'used',
        status: status === 3 ? 4 : status === 2 ? noticeStatusOnSubmit(insuranceOf(payment)) : 0,
        stageDay: statusDay,
        inspector: null,
        payment: status === 4 ? null : payment,
        validFrom: paid?.valid_from ?? null,
        validTo: paid?.valid_until ?? null,
        voidReason: null,
      };
      batch.forms.push(form);
      payment.forms.push(form);
      number += 1;
    }
    planned.push(payment);
  }
  return planned;
}

/** The insurance records of a payment's header, as the service's `noticeStatusOnSubmit` reads them. */
function insuranceOf(payment: PlannedPayment) {
  const record = (present: boolean, kind: string) => ({
    number: present ? `${kind}-${payment.createdDay.slice(0, 4)}-${payment.owner.code.slice(-4)}` : '',
    date: present ? payment.createdDay : null,
    amount: present ? (kind === 'MDSSH' ? '15.00' : '12.50') : null,
  });
  const mdssh = record(payment.insured.mdssh, 'MDSSH');
  const itsda = record(payment.insured.itsda, 'ITSDA');
  return {
    mdssh_number: mdssh.number,
    mdssh_date: mdssh.date,
    mdssh_amount: mdssh.amount,
    itsda_number: itsda.number,
    itsda_date: itsda.date,
    itsda_amount: itsda.amount,
  };
}

/** A plate of the region (its code, two letters, three digits), the same for the same seed. */
const plateOf = (region: HistoryRegion, random: Random) =>
  `${region.plateCode}-${String.fromCharCode(65 + random.int(0, 25))}${String.fromCharCode(65 + random.int(0, 25))}-${String(random.int(100, 999))}`;

/** What a region's year is made of: one or two batches a month (the newest waiting for its operator) and their payments. */
function planRegion(
  region: HistoryRegion,
  {
    random,
    today,
    types,
    coefficientRows,
    regionId,
    staff,
  }: {
    random: Random;
    today: string;
    types: { id: number; name: string; feeGroup: string }[];
    coefficientRows: { id: number; coefficient: string }[];
    regionId: number;
    staff: NonNullable<Awaited<ReturnType<typeof staffOf>>>;
  },
): { batches: PlannedBatch[]; payments: PlannedPayment[] } {
  const planned: PlannedPayment[] = [];
  const coefficient = coefficientRows.find((c) => Number(c.coefficient) === Number(region.coefficient));
  let next = 1;
  const regionBatches: PlannedBatch[] = [];
  for (let month = 11; month >= 0; month -= 1) {
    const perMonth = random.int(1, 2);
    for (let i = 0; i < perMonth; i += 1) {
      const createdDay = addDays(today, -(month * 30 + random.int(0, 27)));
      const typeName = random.pick(region.transportTypes);
      const type = types.find((t) => t.name === typeName) ?? types[0]!;
      const validity = random.pick(validityOfBatch);
      const size = random.int(40, 110);
      regionBatches.push({
        region,
        regionId,
        series: region.series,
        start: next,
        finish: next + size - 1,
        operator: staff.operator(region),
        transportType: { id: type.id, feeGroup: type.feeGroup as FeeGroup },
        coefficientId: coefficient!.id,
        coefficient: String(Number(coefficient!.coefficient)),
        months: validity.months,
        expireDate: validity.expireDate,
        expireDateType: validity.type,
        createdDay: createdDay > today ? today : createdDay,
        acceptedDay: null,
        forms: [],
      });
      next += size;
    }
  }
  // Numbers follow the days: an earlier batch has the lower numbers.
  regionBatches.sort((a, b) => (a.createdDay < b.createdDay ? -1 : a.createdDay > b.createdDay ? 1 : 0));
  let start = 1;
  for (const batch of regionBatches) {
    const size = batch.finish - batch.start + 1;
    batch.start = start;
    batch.finish = start + size - 1;
    start += size;
  }
  regionBatches.forEach((batch, i) => {
    const newest = i === regionBatches.length - 1;
    if (newest && daysBetween(batch.createdDay, today) < 25) {
      for (let n = batch.start; n <= batch.finish; n += 1)
        batch.forms.push({
          number: n,
          stage: 'new',
          status: null,
          stageDay: batch.createdDay,
          inspector: null,
          payment: null,
          validFrom: null,
          validTo: null,
          voidReason: null,
        });
      return;
    }
    const accepted = addDays(batch.createdDay, random.int(1, 4));
    batch.acceptedDay = accepted > today ? today : accepted;
    planned.push(...planForms(batch, random, today, staff.cashier(region), staff.inspector(region)));
  });
  return { batches: regionBatches, payments: planned };
}

/**
 * The year's batches, forms, payments and ledger in the history regions, by their staff (`addHistoryStaff`). Only
 * when none of its series has a batch yet (so a second run adds nothing twice).
 */
export async function seedDemoHistory(db: Database): Promise<void> {
  const [already] = await db
    .select({ id: fnBatches.id })
    .from(fnBatches)
    .where(
      inArray(
        fnBatches.series,
        historyRegions.map((r) => r.series),
      ),
    )
    .limit(1);
  if (already) return;
  const random = seededRandom(2026);
  const today = utcDay();

  await db.transaction(async (tx) => {
    const regionIds = await historyRegionIds(tx);
    if (!regionIds) return;
    const coefficientRows = await tx.select().from(fnCoefficients);
    const types = await tx
      .select({ id: transportTypes.id, name: transportTypes.name, feeGroup: transportTypes.feeGroup })
      .from(transportTypes);
    const tariffRates: TariffRate[] = (await tx.select().from(tariffs)).map((t) => ({
      id: t.id,
      fee_group: t.feeGroup as FeeGroup,
      rate: t.rate,
      effective_from: t.effectiveFrom,
    }));
    const staff = await staffOf(tx);
    if (!staff) return;
    const [central] = await tx.select().from(users).where(eq(users.email, 'central@demo.az'));
    if (!central) return;

    // Batches: every region gets one or two a month for twelve months; the newest waits for its operator.
    const batches: PlannedBatch[] = [];
    const payments_: PlannedPayment[] = [];
    for (const region of historyRegions) {
      const planned = planRegion(region, {
        random,
        today,
        types,
        coefficientRows,
        regionId: regionIds.get(region.name)!,
        staff,
      });
      batches.push(...planned.batches);
      payments_.push(...planned.payments);
    }

    // Receipts are numbered in the order they were paid, once each.
    payments_
      .filter((p) => p.status === 3)
      .sort((a, b) => (a.statusDay < b.statusDay ? -1 : a.statusDay > b.statusDay ? 1 : 0))
      .forEach((p, i) => {
        p.receipt = `BNK-${p.statusDay.slice(0, 4)}-${String(i + 1).padStart(6, '0')}`;
      });

    const storedBatches = await insertAsJson(
      tx,
      fnBatches,
      batches.map((b) => ({
        series: b.series,
        startNumber: b.start,
        finishNumber: b.finish,
        operatorId: b.operator,
        regionId: b.regionId,
        transportTypeId: b.transportType.id,
        coefficientId: b.coefficientId,
        parentBatchId: null,
        expireDate: b.expireDate,
        expireDateType: b.expireDateType,
        status: b.acceptedDay ? ('accepted' as const) : ('issued' as const),
        createdBy: central.id,
        createdAt: atWork(b.createdDay, random),
        acceptedAt: b.acceptedDay ? atWork(b.acceptedDay, random) : null,
        acceptedBy: b.acceptedDay ? b.operator : null,
      })),
    );
    storedBatches.forEach((stored, i) => (batches[i]!.id = stored.id));

    // Payments, with their rows priced by the one tariff function on the day they were made.
    const priced = payments_.map((p) =>
      p.forms.map((form) => {
        const seats = p.batch.transportType.feeGroup === 'seat' ? random.int(14, 45) : 4;
        const price = priceRow(tariffRates, {
          fee_group: p.batch.transportType.feeGroup,
          seats,
          vehicle_load: '10',
          trailer_load: '0',
          count_vehicle_load: true,
          coefficient: p.batch.coefficient,
          months: p.batch.months,
          date: p.createdDay,
        })!;
        return { form, seats, price, plate: plateOf(p.batch.region, random) };
      }),
    );
    const storedPayments = await insertSeededPayments(
      tx,
      payments_.map((p, i) => {
        const insurance = insuranceOf(p);
        return {
          ownerCode: p.owner.code,
          ownerCategory: Number(p.owner.code.at(-1)) === 1 ? 1 : 2,
          ownerName: p.owner.name,
          ownerAddress: p.batch.region.name,
          ownerPhone: '',
          ownerTransportTypeId: p.batch.transportType.id,
          regionId: p.batch.regionId,
          mdsshNumber: insurance.mdssh_number,
          mdsshDate: insurance.mdssh_date,
          mdsshAmount: insurance.mdssh_amount,
          itsdaNumber: insurance.itsda_number,
          itsdaDate: insurance.itsda_date,
          itsdaAmount: insurance.itsda_amount,
          paymentReceiptNumber: p.receipt,
          paymentReceiptDate: p.status === 3 ? p.statusDay : null,
          status: p.status,
          pricedOn: p.createdDay,
          total: sumAmounts(priced[i]!.map((r) => r.price.amount)),
          verifyCode: randomBytes(20).toString('base64url'),
          cancelReason: p.status === 4 ? 'Sahibkar müraciətini geri götürüb' : null,
          createdBy: p.cashier,
          createdAt: atWork(p.createdDay, random),
          statusBy: p.cashier,
          statusAt: atWork(p.statusDay, random),
        };
      }),
    );
    storedPayments.forEach((stored, i) => (payments_[i]!.id = stored.id));

    const batchOfForm = new Map<PlannedForm, PlannedBatch>();
    for (const batch of batches) for (const form of batch.forms) batchOfForm.set(form, batch);
    const storedForms = await insertAsJson(
      tx,
      fnForms,
      [...batchOfForm].map(([form, batch]) => ({
        batchId: batch.id!,
        series: batch.series,
        number: form.number,
        stage: form.stage,
        status: form.status,
        inspectorId: form.inspector,
        paymentId: form.payment?.id ?? null,
        validFrom: form.validFrom,
        validTo: form.validTo,
        voidReason: form.voidReason,
        stageAt: atWork(form.stageDay, random),
      })),
    );
    const formIds = new Map(storedForms.map((f) => [`${f.series}:${f.number}`, f.id]));

    await insertSeededPaymentRows(
      tx,
      payments_.flatMap((p, i) =>
        priced[i]!.map(({ form, seats, price, plate }, position) => ({
          paymentId: p.id!,
          cancelled: p.status === 4,
          position,
          formId: formIds.get(`${p.batch.series}:${form.number}`)!,
          plate,
          seatsCount: seats,
          drivingLicenseCategories: [],
          serviceErrors: [],
          transportTypeId: p.batch.transportType.id,
          taxPrice: price.amount,
          tariffId: price.tariff_id,
          tariffRate: price.tariff_rate,
          tariffEffectiveFrom: price.tariff_effective_from,
          feeGroup: price.fee_group,
          units: price.units,
          coefficient: price.coefficient,
          months: price.months,
          validFrom: form.validFrom,
          validTo: form.validTo,
        })),
      ),
    );

    await writeLedger(tx, batches, payments_, central);
  });
}

/** The forms' ledger of the year: each batch's issue and acceptance, shares, voids and each payment's moves. */
async function writeLedger(
  tx: Transaction,
  batches: PlannedBatch[],
  planned: PlannedPayment[],
  central: { id: number; email: string },
) {
  const move = (batch: PlannedBatch, entry: Omit<FnLedgerEntry, 'batchId' | 'series'>) =>
    recordMovement(tx, { batchId: batch.id!, series: batch.series, ...entry });
  const runOf = (forms: PlannedForm[]) => ({
    numberFrom: forms[0]!.number,
    numberTo: forms.at(-1)!.number,
    forms: forms.length,
  });
  for (const batch of batches) {
    const operator = { id: batch.operator, email: batch.region.staff.find((p) => p.role === 'operator')!.email };
    await move(batch, {
      actor: central,
      movement: 'create',
      numberFrom: batch.start,
      numberTo: batch.finish,
      forms: batch.finish - batch.start + 1,
      after: {
        series: batch.series,
        start_number: batch.start,
        finish_number: batch.finish,
        operator: batch.operator,
        region: batch.regionId,
        status: 'issued',
      },
    });
    if (!batch.acceptedDay) continue;
    await move(batch, {
      actor: operator,
      movement: 'accept',
      numberFrom: batch.start,
      numberTo: batch.finish,
      forms: batch.finish - batch.start + 1,
      before: { stage: 'new', status: null },
      after: { stage: 'active', status: 0 },
    });
    for (const form of batch.forms) {
      if (form.stage === 'voided')
        await move(batch, {
          actor: operator,
          movement: 'void',
          ...runOf([form]),
          before: { stage: 'active', status: 0 },
          after: { stage: 'voided', status: null },
          reason: form.voidReason,
        });
      if (form.stage === 'shared')
        await move(batch, {
          actor: operator,
          movement: 'share',
          ...runOf([form]),
          before: { stage: 'active', inspector: null },
          after: { stage: 'shared', inspector: form.inspector },
        });
    }
  }
  for (const p of planned) {
    const cashier = { id: p.cashier, email: p.batch.region.staff.find((s) => s.role === 'cashier')!.email };
    const run = runOf(p.forms);
    const noticeStatus = noticeStatusOnSubmit(insuranceOf(p));
    await move(p.batch, {
      actor: cashier,
      movement: 'use',
      ...run,
      before: { stage: 'active', status: 0 },
      after: { stage: 'used', status: 0, payment: p.id },
    });
    if (p.submitted)
      await move(p.batch, {
        actor: cashier,
        movement: 'submit',
        ...run,
        before: { stage: 'used', status: 0 },
        after: { stage: 'used', status: noticeStatus, payment: p.id },
      });
    if (p.status === 3)
      await move(p.batch, {
        actor: cashier,
        movement: 'pay',
        ...run,
        before: { stage: 'used', status: noticeStatus },
        after: {
          stage: 'paid',
          status: 4,
          payment: p.id,
          valid_from: p.forms[0]!.validFrom,
          valid_to: p.forms[0]!.validTo,
        },
      });
    if (p.status === 4)
      await move(p.batch, {
        actor: cashier,
        movement: 'release',
        ...run,
        before: { stage: 'used', status: p.submitted ? noticeStatus : 0, payment: p.id },
        after: { stage: 'active', status: 0, payment: null },
        reason: 'Sahibkar müraciətini geri götürüb',
      });
  }
}
