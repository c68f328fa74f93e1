import {
  applyOwnerToRow,
  chooseRightOfUse,
  findTransition,
  formatFnNumber,
  insuranceRecorded,
  maskOwnerName,
  noticeStatusOnSubmit,
  normalizeLoadFlag,
  ownerCategoryOf,
  parseExactDecimal,
  paymentMessages as m,
  priceRow,
  sumAmounts,
  transitionRefusedMessage,
  validityOf,
  type FnMovement,
  type Page,
  type Payment,
  type PaymentAction,
  type PaymentCancelInput,
  type PaymentCreateInput,
  type PaymentListItem,
  type PaymentListQuery,
  type PaymentPayInput,
  type PaymentRowInput,
  type PaymentInsuranceInput,
  type PaymentUpdateInput,
  type PublicPayment,
  type QuoteRequest,
  type QuoteResponse,
  type TariffSnapshot,
  type FeeGroup,
  type TariffRate,
} from '@dnx/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import { fnForms, paymentRows, payments, regions } from '../../db/schema';
import { recordAudit, type AuditSnapshot } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { auditActor } from '../../lib/grants';
import { insertAsJson } from '../../lib/bulk-insert';
import { conflict, fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import type { ListCaches } from '../../lib/list/list-query';
import { regionScope } from '../../lib/region-scope';
import { bakuDay, utcDay } from '../../lib/days';
import { updateVersioned } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import { isActiveUserOfRole } from '../fn/batch-repository';
import { contiguousRuns, recordMovement } from '../fn/ledger';
import * as repo from './payment-repository';
import { createVerifyCode, renderReceipt, verifyCodePattern, verifyUrl } from './receipt';

/** What the audit trail keeps of a payment. */
export function paymentSnapshot(payment: Payment): AuditSnapshot {
  const { rows, verify_code: _code, created_at: _at, ...header } = payment;
  return {
    ...header,
    name: payment.owner_name,
    rows: rows.map((r) => ({
      form: `${r.form_series} ${r.form_number}`,
      plate: r.plate,
      tax_price: r.tax_price,
      tariff: r.tariff,
      valid_from: r.valid_from,
      valid_until: r.valid_until,
    })),
  };
}

const sameDecimal = (a: string, b: string) => {
  const x = parseExactDecimal(a);
  const y = parseExactDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return x.digits * 10n ** BigInt(scale - x.scale) === y.digits * 10n ** BigInt(scale - y.scale);
};

/** A row as saved: the row rules of spec section 4 applied (right of use follows the pin, the load flag). */
function ruledRow(row: PaymentRowInput, ownerCode: string): PaymentRowInput {
  const withRight = row.base_carrier_pin ? applyOwnerToRow(row, ownerCode) : chooseRightOfUse(row, row.right_of_use);
  return normalizeLoadFlag(withRight);
}

interface PricedRow {
  input: PaymentRowInput;
  form: repo.LockedForm;
  price: TariffSnapshot;
}

/** The payments of fn-payment: list, read, create, edit under review, the state machine, receipt, public check. */
export function createPaymentService(db: Database, publicOrigin: string, lists: ListCaches = {}) {
  const { anchors, counts } = lists;
  const scopeOf = (actor: AuthUser) => regionScope(actor, payments.regionId);

  async function visible(actor: AuthUser, id: number): Promise<Payment> {
    const payment = await repo.findPayment(db, sql`${payments.id} = ${id} and ${scopeOf(actor) ?? sql`true`}`);
    if (!payment) throw notFound();
    return payment;
  }

  /**
   * The payment's region: a regional user's own; a national user names one that exists. A region that holds one of
   * the rows' forms exists (batches refer to regions), so it is read only when none does.
   */
  async function regionOf(
    executor: Executor,
    actor: AuthUser,
    region: number | null,
    forms: readonly repo.LockedForm[],
  ): Promise<number> {
    if (!actor.isNational) {
      if (actor.regionId === null) throw fieldErrors({ region: [m.regionOutOfScope] });
      return actor.regionId;
    }
    if (region === null) throw fieldErrors({ region: [m.regionRequired] });
    if (forms.some((f) => f.regionId === region)) return region;
    const [row] = await executor.select({ id: regions.id }).from(regions).where(eq(regions.id, region));
    if (!row) throw fieldErrors({ region: [m.regionRequired] });
    return region;
  }

  /**
   * Prices rows on a day with the tariffs in force then; a row whose group has none is a 400 under it. The fee
   * groups and tariffs are read unless known (a save reads them with the locked forms).
   */
  async function price(
    executor: Executor,
    rows: readonly Pick<
      PaymentRowInput,
      | 'transport_type'
      | 'coefficient'
      | 'expire_date'
      | 'seats_count'
      | 'load_carrying_capacity'
      | 'trailer_load_carrying_capacity'
      | 'count_vehicle_load'
    >[],
    day: string,
    known?: { groups: ReadonlyMap<number, FeeGroup>; tariffs: TariffRate[] },
  ): Promise<TariffSnapshot[]> {
    const tariffs = known?.tariffs ?? (await repo.allTariffs(executor));
    const knownGroups = known?.groups;
    const groups =
      knownGroups ??
      (await repo.feeGroupsOf(
        executor,
        rows.map((r) => r.transport_type),
      ));
    const errors: Record<string, string[]> = {};
    const prices = rows.map((row, i) => {
      const group = groups.get(row.transport_type);
      if (!group) {
        errors[`rows.${i}.transport_type`] = [m.unknownTransportType];
        return null;
      }
      const loadRuled = normalizeLoadFlag(row);
      const snapshot = priceRow(tariffs, {
        fee_group: group,
        coefficient: row.coefficient,
        months: row.expire_date,
        seats: row.seats_count,
        vehicle_load: row.load_carrying_capacity,
        trailer_load: row.trailer_load_carrying_capacity,
        count_vehicle_load: loadRuled.count_vehicle_load,
        date: day,
      });
      if (!snapshot) errors[`rows.${i}.transport_type`] = [m.noTariff(group, day)];
      return snapshot;
    });
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    return prices as TariffSnapshot[];
  }

  /**
   * Locks the forms the rows name and checks each: a form of the payment's region that is active or shared (or
   * already held by this payment, on an edit), priced as its batch was issued (transport type, coefficient, months).
   */
  async function checkRows(
    tx: Transaction,
    input: PaymentCreateInput,
    region: number,
    forms: Map<number, repo.LockedForm>,
    heldBy: number | null,
  ): Promise<void> {
    const errors: Record<string, string[]> = {};
    const seen = new Set<number>();
    input.rows.forEach((row, i) => {
      const at = (field: string, message: string) => (errors[`rows.${i}.${field}`] ??= []).push(message);
      if (seen.has(row.form)) return at('form', m.formTwice);
      seen.add(row.form);
      const form = forms.get(row.form);
      const number = form ? `${form.series} ${formatFnNumber(form.number)}` : String(row.form);
      if (!form || form.regionId !== region) return at('form', m.formNotFree(number));
      const free = (form.stage === 'active' || form.stage === 'shared') && !form.annulled;
      const ours = heldBy !== null && form.stage === 'used' && form.paymentId === heldBy;
      if (!free && !ours) return at('form', form.stage === 'used' ? m.formTaken : m.formNotFree(number));
      if (row.transport_type !== form.transportTypeId) at('transport_type', m.formTransportType);
      if (!sameDecimal(row.coefficient, form.coefficient)) at('coefficient', m.formCoefficient(form.coefficient));
      if (row.expire_date !== form.months) at('expire_date', m.formMonths(form.months));
    });
    // A row's inspector is an active inspector (C) of the payment's region, as the form's picker offers.
    const inspectors = new Set(input.rows.map((r) => r.inspector).filter((id) => id !== null));
    for (const inspector of inspectors) {
      if (await isActiveUserOfRole(tx, inspector, 'inspector', region)) continue;
      input.rows.forEach((row, i) => {
        if (row.inspector === inspector) errors[`rows.${i}.inspector`] = [m.inspectorInvalid];
      });
    }
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  }

  /**
   * One ledger row per contiguous run of forms of one batch that move alike (the same `after`), appended in the
   * transaction that moves them (written as it commits, with its audit row: lib/hash-chain.ts).
   */
  async function ledger(
    tx: Transaction,
    actor: AuthUser,
    movement: FnMovement,
    moves: { form: repo.LockedForm; before: Record<string, unknown>; after: Record<string, unknown> }[],
    reason: string | null = null,
  ) {
    const groups = new Map<string, typeof moves>();
    for (const move of moves) {
      const key = JSON.stringify([move.form.batchId, move.before, move.after]);
      groups.set(key, [...(groups.get(key) ?? []), move]);
    }
    const ordered = [...groups.values()].sort((a, b) => a[0]!.form.batchId - b[0]!.form.batchId);
    for (const group of ordered) {
      const first = group[0]!;
      for (const run of contiguousRuns(group.map((g) => g.form.number))) {
        await recordMovement(tx, {
          actor: auditActor(actor),
          movement,
          batchId: first.form.batchId,
          series: first.form.series,
          numberFrom: run.from,
          numberTo: run.to,
          forms: run.count,
          before: first.before,
          after: first.after,
          reason,
        });
      }
    }
  }

  /**
   * The notice status of a payment's forms (2 insured, 3 not fully insured) with the ledger's movement, for the
   * forms whose status changes.
   */
  async function setNoticeStatus(
    tx: Transaction,
    actor: AuthUser,
    paymentId: number,
    forms: repo.LockedForm[],
    status: 2 | 3,
    movement: 'submit' | 'insure',
  ) {
    const moving = forms.filter((f) => f.status !== status);
    if (moving.length === 0) return;
    await tx
      .update(fnForms)
      .set({ status, updatedAt: sql`now()` })
      .where(
        inArray(
          fnForms.id,
          moving.map((f) => f.id),
        ),
      );
    await ledger(
      tx,
      actor,
      movement,
      moving.map((form) => ({
        form,
        before: { stage: form.stage, status: form.status },
        after: { stage: form.stage, status, payment: paymentId },
      })),
    );
  }

  /** The forms a payment now holds: stage used, its id; the ledger's `use`. */
  async function useForms(tx: Transaction, actor: AuthUser, paymentId: number, forms: repo.LockedForm[]) {
    if (forms.length === 0) return;
    await tx
      .update(fnForms)
      .set({ stage: 'used', paymentId, stageAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        inArray(
          fnForms.id,
          forms.map((f) => f.id),
        ),
      );
    await ledger(
      tx,
      actor,
      'use',
      forms.map((form) => ({
        form,
        before: { stage: form.stage, status: form.status },
        after: { stage: 'used', status: form.status, payment: paymentId },
      })),
    );
  }

  /** Forms let go by a payment (cancelled, or taken out of it): back to the stage they were used from, status 0. */
  async function releaseForms(tx: Transaction, actor: AuthUser, forms: repo.LockedForm[], reason: string) {
    if (forms.length === 0) return;
    const ids = forms.map((f) => f.id);
    await tx
      .update(fnForms)
      .set({
        stage: sql`case when ${fnForms.inspectorId} is null then 'active' else 'shared' end`,
        status: 0,
        paymentId: null,
        validFrom: null,
        validTo: null,
        stageAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(inArray(fnForms.id, ids));
    await ledger(
      tx,
      actor,
      'release',
      forms.map((form) => ({
        form,
        before: { stage: form.stage, status: form.status, payment: form.paymentId },
        after: { stage: form.inspectorId === null ? 'active' : 'shared', status: 0, payment: null },
      })),
      reason,
    );
  }

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

  /** Checks and prices the rows of a create or an edit; the forms are locked. */
  async function priceRows(
    tx: Transaction,
    input: PaymentCreateInput,
    regionOfForms: (locked: repo.LockedForm[]) => Promise<number>,
    heldBy: number | null,
    alsoLock: readonly number[] = [],
  ) {
    const locked = await repo.lockForms(tx, [...new Set([...input.rows.map((r) => r.form), ...alsoLock])]);
    const region = await regionOfForms(locked);
    const forms = new Map(locked.map((f) => [f.id, f]));
    await checkRows(tx, input, region, forms, heldBy);
    const rows = input.rows.map((row) => ruledRow(row, input.owner_code));
    const day = utcDay();
    const groups = new Map(locked.map((f) => [f.transportTypeId, f.feeGroup]));
    const tariffs = [...new Map(locked.flatMap((f) => f.tariffs).map((t) => [t.id, t])).values()];
    const prices = await price(tx, rows, day, { groups, tariffs });
    const priced: PricedRow[] = rows.map((row, i) => ({ input: row, form: forms.get(row.form)!, price: prices[i]! }));
    return { priced, forms, region, day, total: sumAmounts(prices.map((p) => p.amount)) };
  }

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

  /** A form still held by another payment (a race the form locks should prevent) is the row's 400, never a 500. */
  function translateHeld(err: unknown): never {
    if (uniqueViolation(err) === 'payment_rows_form_held_key') throw fieldErrors({ 'rows.0.form': [m.formTaken] });
    if (uniqueViolation(err) === 'payments_payment_receipt_number_key')
      throw fieldErrors({ payment_receipt_number: [m.receiptNumberTaken] });
    throw err;
  }

  /** The move of a payment from one status to another, on its locked row; ledger rows and the audit row. */
  async function transition<T>(
    actor: AuthUser,
    id: number,
    action: PaymentAction,
    run: (tx: Transaction, before: Payment, forms: repo.LockedForm[]) => Promise<T>,
  ): Promise<Payment> {
    try {
      return await db.transaction(async (tx) => {
        const locked = await repo.lockPayment(tx, id, scopeOf(actor));
        if (!locked) throw notFound();
        if (!findTransition(locked.status, action)) throw conflict(transitionRefusedMessage(locked.status, action));
        const before = (await repo.findPayment(tx, eq(payments.id, id)))!;
        const forms = await repo.lockForms(
          tx,
          before.rows.map((r) => r.form),
        );
        await run(tx, before, forms);
        await tx
          .update(payments)
          .set({
            statusBy: actor.id,
            statusAt: sql`now()`,
            updatedAt: sql`now()`,
            version: sql`${payments.version} + 1`,
          })
          .where(eq(payments.id, id));
        const after = (await repo.findPayment(tx, eq(payments.id, id)))!;
        await recordAudit(tx, {
          actor: auditActor(actor),
          action: 'update',
          resource: 'payment',
          recordId: id,
          before: paymentSnapshot(before),
          after: { ...paymentSnapshot(after), action },
        });
        return after;
      });
    } catch (err) {
      if (err instanceof HttpError) throw err;
      return translateHeld(err);
    }
  }

  /** A payment under review, with its rows priced, its forms held, its ledger and audit rows, in `tx`. */
  async function createWithin(tx: Transaction, actor: AuthUser, input: PaymentCreateInput): Promise<Payment> {
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

  return {
    count: (actor: AuthUser, query: PaymentListQuery): Promise<number> =>
      repo.paymentList.count(query, repo.paymentSource(db, counts), [scopeOf(actor)]),

    list: (actor: AuthUser, query: PaymentListQuery, currentUrl: string): Promise<Page<PaymentListItem>> =>
      repo.paymentList.page(query, repo.paymentSource(db, counts), { currentUrl, scope: [scopeOf(actor)], anchors }),

    /** Every payment the list selects with `query`, chunk by chunk in its order (the list's export). */
    stream: (actor: AuthUser, query: PaymentListQuery): AsyncIterable<PaymentListItem[]> =>
      repo.paymentList.stream(query, repo.paymentSource(db), { scope: [scopeOf(actor)] }),

    /** The sum of `total` over what the list selects with `query` (the home's amounts beside its counts). */
    total: async (actor: AuthUser, query: PaymentListQuery): Promise<string> => {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${payments.total}), 0)::numeric(16, 2)::text` })
        .from(payments)
        .where(repo.paymentList.where(query, [scopeOf(actor)]));
      return row?.sum ?? '0.00';
    },

    read: visible,

    /** A payment by id whoever asks (the online request's public status shows the payment made of it). */
    readById: async (id: number): Promise<Payment | null> => repo.findPayment(db, eq(payments.id, id)),

    async create(actor: AuthUser, input: PaymentCreateInput): Promise<Payment> {
      try {
        return await db.transaction((tx) => createWithin(tx, actor, input));
      } catch (err) {
        if (err instanceof HttpError) throw err;
        return translateHeld(err);
      }
    },

    /** A create inside the caller's transaction (an accepted online request makes its payment so). */
    createWithin,

    async update(actor: AuthUser, id: number, input: PaymentUpdateInput): Promise<Payment> {
      try {
        return await db.transaction(async (tx) => {
          const { after } = await updateVersioned(tx, {
            target: { table: payments, id: payments.id, version: payments.version },
            id,
            expectedVersion: input.version,
            read: (t) => repo.findPayment(t, sql`${payments.id} = ${id} and ${scopeOf(actor) ?? sql`true`}`),
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
    },

    /**
     * The insurance records alone, under review or awaiting payment (a record that came after the submit).
     * Awaiting payment, the forms' notice status follows the records (3 -> 2 once both are there), with the ledger.
     */
    async insure(actor: AuthUser, id: number, input: PaymentInsuranceInput): Promise<Payment> {
      return db.transaction(async (tx) => {
        const { after } = await updateVersioned(tx, {
          target: { table: payments, id: payments.id, version: payments.version },
          id,
          expectedVersion: input.version,
          read: (t) => repo.findPayment(t, sql`${payments.id} = ${id} and ${scopeOf(actor) ?? sql`true`}`),
          guard: (current) => {
            if (current.status !== 1 && current.status !== 2) throw conflict(m.insuranceOnlyBeforePaid);
          },
          write: async (t, before) => {
            await t
              .update(payments)
              .set({
                mdsshNumber: input.mdssh_number,
                mdsshDate: input.mdssh_date,
                mdsshAmount: input.mdssh_amount,
                itsdaNumber: input.itsda_number,
                itsdaDate: input.itsda_date,
                itsdaAmount: input.itsda_amount,
                updatedAt: sql`now()`,
              })
              .where(eq(payments.id, id));
            if (before.status !== 2) return;
            const forms = await repo.lockForms(
              t,
              before.rows.map((r) => r.form),
            );
            await setNoticeStatus(t, actor, id, forms, noticeStatusOnSubmit(input), 'insure');
          },
          audit: { actor: auditActor(actor), action: 'update', resource: 'payment', snapshot: paymentSnapshot },
        });
        return after;
      });
    },

    /** 1 -> 2: each form's notice status 2 (both insurance payments recorded) or 3 (one missing). */
    submit: (actor: AuthUser, id: number) =>
      transition(actor, id, 'submit', async (tx, before, forms) => {
        await setNoticeStatus(tx, actor, id, forms, noticeStatusOnSubmit(before), 'submit');
        await tx.update(payments).set({ status: 2 }).where(eq(payments.id, id));
      }),

    /** 2 -> 3: both insurance records, a bank receipt never used before; the forms paid, valid from its date. */
    pay: (actor: AuthUser, id: number, input: PaymentPayInput) =>
      transition(actor, id, 'pay', async (tx, before, forms) => {
        if (!insuranceRecorded(before, 'mdssh') || !insuranceRecorded(before, 'itsda'))
          throw conflict(m.insuranceRequired);
        if (input.payment_receipt_date > bakuDay()) throw fieldErrors({ payment_receipt_date: [m.receiptDateFuture] });
        if (await repo.receiptNumberUsed(tx, input.payment_receipt_number))
          throw fieldErrors({ payment_receipt_number: [m.receiptNumberTaken] });
        const byForm = new Map(forms.map((f) => [f.id, f]));
        const moves = [];
        for (const row of before.rows) {
          const form = byForm.get(row.form)!;
          if (form.stage !== 'used' || form.paymentId !== id) throw conflict(m.formTaken);
          const validity = validityOf(input.payment_receipt_date, row.expire_date);
          await tx
            .update(fnForms)
            .set({
              stage: 'paid',
              status: 4,
              validFrom: validity.valid_from,
              validTo: validity.valid_until,
              stageAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(eq(fnForms.id, form.id));
          await tx
            .update(paymentRows)
            .set({ validFrom: validity.valid_from, validTo: validity.valid_until })
            .where(eq(paymentRows.id, row.id));
          moves.push({
            form,
            before: { stage: form.stage, status: form.status },
            after: {
              stage: 'paid',
              status: 4,
              payment: id,
              valid_from: validity.valid_from,
              valid_to: validity.valid_until,
            },
          });
        }
        await ledger(tx, actor, 'pay', moves);
        await tx
          .update(payments)
          .set({
            status: 3,
            paymentReceiptNumber: input.payment_receipt_number,
            paymentReceiptDate: input.payment_receipt_date,
          })
          .where(eq(payments.id, id));
      }),

    /** 1 -> 4, 2 -> 4: the forms go back to the stage they were used from (status 0), free for another payment. */
    cancel: (actor: AuthUser, id: number, input: PaymentCancelInput) =>
      transition(actor, id, 'cancel', async (tx, _before, forms) => {
        // The rows' `cancelled` follows the status (ON UPDATE CASCADE), so the forms are free in the same statement.
        await tx.update(payments).set({ status: 4, cancelReason: input.reason }).where(eq(payments.id, id));
        await releaseForms(tx, actor, forms, input.reason);
      }),

    /** Prices rows on a day (today when none) without saving anything: the same function a save runs. */
    async quote(input: QuoteRequest): Promise<QuoteResponse> {
      const day = input.date ?? utcDay();
      const rows = await price(db, input.rows, day);
      return { date: day, rows, total: sumAmounts(rows.map((r) => r.amount)) };
    },

    /** The receipt PDF of a paid payment; before that 409. */
    async receipt(actor: AuthUser, id: number): Promise<Buffer> {
      const payment = await visible(actor, id);
      if (payment.status !== 3) throw conflict(m.receiptOnlyWhenPaid);
      return renderReceipt({
        receiptNumber: payment.payment_receipt_number!,
        receiptDate: payment.payment_receipt_date!,
        owner: { name: payment.owner_name, code: payment.owner_code, address: payment.owner_address },
        rows: payment.rows.map((r) => ({
          plate: r.plate,
          formSeries: r.form_series,
          formNumber: r.form_number,
          months: r.expire_date,
          validFrom: r.valid_from!,
          validUntil: r.valid_until!,
          amount: r.tax_price,
        })),
        mdssh: { number: payment.mdssh_number, date: payment.mdssh_date, amount: payment.mdssh_amount },
        itsda: { number: payment.itsda_number, date: payment.itsda_date, amount: payment.itsda_amount },
        total: payment.total,
        verifyUrl: verifyUrl(publicOrigin, payment.verify_code),
      });
    },

    /** The public check: anyone with the code; a code that names no payment is 404. */
    async publicCheck(code: string): Promise<PublicPayment> {
      if (!verifyCodePattern.test(code)) throw notFound();
      const found = await repo.findByVerifyCode(db, code);
      if (!found) throw notFound();
      const today = utcDay();
      const { header, rows } = found;
      const valid =
        header.status === 3 &&
        rows.some((r) => !r.annulled && r.valid_until !== null && r.valid_from! <= today && today <= r.valid_until);
      return {
        valid,
        status: header.status,
        owner_name: maskOwnerName(header.owner_name),
        payment_receipt_number: header.payment_receipt_number,
        payment_receipt_date: header.payment_receipt_date,
        total: header.total,
        rows: rows.map((r) => ({
          plate: r.plate,
          form_series: r.form_series,
          form_number: r.form_number,
          valid_from: r.valid_from,
          valid_until: r.valid_until,
          amount: r.tax_price,
        })),
      };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
