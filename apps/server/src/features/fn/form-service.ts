import {
  fnMessages as m,
  fnNoticeStatuses,
  fnStageLabel,
  fnTransition,
  formatFnNumber,
  type FnForm,
  type FnFormListQuery,
  type FnMovement,
  type FnShare,
  type FnStage,
  type Page,
} from '@dnx/shared';
import { and, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { fnBatches, fnForms } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { conflict, fieldErrors, notFound } from '../../lib/http-errors';
import type { ListCaches } from '../../lib/list/list-query';
import { utcDay } from '../../lib/days';
import { regionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';
import { isActiveUserOfRole } from './batch-repository';
import * as repo from './form-repository';
import { checkTimeline, contiguousRuns, formTimeline, mergeByTime, recordMovement, seenExpiry } from './ledger';

/** What a move writes on the forms it moves. */
type FormChange = Partial<typeof fnForms.$inferInsert>;

/** The forms and their numbers (active, shared, voided, annulled): lists, moves, check-fn and timelines. */
export function createFormService(db: Database, caches?: ListCaches) {
  const scopeOf = (actor: AuthUser) => regionScope(actor, fnBatches.regionId);

  async function visible(actor: AuthUser, id: number): Promise<FnForm> {
    const form = await repo.findForm(db, and(eq(fnForms.id, id), scopeOf(actor)));
    if (!form) throw notFound();
    return form;
  }

  /**
   * Moves the locked forms (all of them in a stage the movement starts from, else 409 and nothing moves): writes
   * the change, one ledger row per contiguous run of each batch, and one audit row per batch.
   */
  async function move(
    tx: Transaction,
    actor: AuthUser,
    forms: repo.LockedForm[],
    movement: FnMovement,
    change: FormChange,
    options: { reason?: string; accepts?: (form: repo.LockedForm) => boolean; after?: Record<string, unknown> } = {},
  ): Promise<{ pkList: number[]; count: number }> {
    const transition = fnTransition(movement);
    const accepts = options.accepts ?? ((form: repo.LockedForm) => transition.from.includes(form.stage));
    const refused = forms.filter((form) => !accepts(form));
    if (refused.length > 0)
      throw conflict(m.wrongStage(refused.length, transition.from.map((s) => fnStageLabel(s)).join(', ')));
    const ids = forms.map((f) => f.id);
    await tx
      .update(fnForms)
      .set({ ...change, ...(change.stage ? { stageAt: sql`now()` } : {}), updatedAt: sql`now()` })
      .where(inArray(fnForms.id, ids));
    const byBatch = new Map<number, repo.LockedForm[]>();
    for (const form of forms) byBatch.set(form.batchId, [...(byBatch.get(form.batchId) ?? []), form]);
    const batches = [...byBatch.entries()].sort(([a], [b]) => a - b);
    for (const [batchId, ofBatch] of batches) {
      const first = ofBatch[0]!;
      for (const run of contiguousRuns(ofBatch.map((f) => f.number))) {
        await recordMovement(tx, {
          actor: auditActor(actor),
          movement,
          batchId,
          series: first.series,
          numberFrom: run.from,
          numberTo: run.to,
          forms: run.count,
          before: { stage: first.stage, inspector: first.inspectorId },
          after: options.after ?? { stage: change.stage ?? first.stage },
          reason: options.reason ?? null,
        });
      }
    }
    for (const [batchId, ofBatch] of batches) {
      await recordAudit(tx, {
        actor: auditActor(actor),
        action: 'update',
        resource: 'fn',
        recordId: batchId,
        before: { movement: null, forms: null },
        after: {
          movement,
          forms: ofBatch.length,
          numbers: contiguousRuns(ofBatch.map((f) => f.number)).map((r) =>
            r.from === r.to ? formatFnNumber(r.from) : `${formatFnNumber(r.from)}-${formatFnNumber(r.to)}`,
          ),
          ...(options.reason ? { reason: options.reason } : {}),
        },
      });
    }
    return { pkList: ids, count: ids.length };
  }

  /** The forms a share or unshare names: by ids (all must be seen) or by a range of one series. */
  async function lockNamed(tx: Transaction, actor: AuthUser, input: FnShare, extra?: SQL) {
    if (input.series !== undefined && input.number_from !== undefined && input.number_to !== undefined) {
      const forms = await repo.lockForms(
        tx,
        and(
          eq(fnForms.series, input.series),
          between(fnForms.number, input.number_from, input.number_to),
          scopeOf(actor),
          extra,
        ),
      );
      if (forms.length === 0) throw fieldErrors({ number_from: [m.rangeEmpty] });
      return forms;
    }
    const ids = [...new Set(input.forms ?? [])];
    const forms = await repo.lockForms(tx, and(inArray(fnForms.id, ids), scopeOf(actor), extra));
    if (forms.length !== ids.length) throw fieldErrors({ forms: [m.formsNotFound] });
    return forms;
  }

  /** The inspector must be an active inspector (C) of every region the forms are of. */
  async function checkInspector(tx: Transaction, inspector: number, forms: repo.LockedForm[]) {
    for (const region of new Set(forms.map((f) => f.regionId))) {
      if (!(await isActiveUserOfRole(tx, inspector, 'inspector', region)))
        throw fieldErrors({ inspector: [m.inspectorInvalid] });
    }
  }

  return {
    count: (actor: AuthUser, query: FnFormListQuery, scope: SQL[] = []): Promise<number> =>
      repo.formList.count(query, repo.formSource(db), [scopeOf(actor), ...scope], caches),

    list: (actor: AuthUser, query: FnFormListQuery, currentUrl: string, scope: SQL[] = []): Promise<Page<FnForm>> =>
      repo.formList.page(query, repo.formSource(db), {
        currentUrl,
        scope: [scopeOf(actor), ...scope],
        caches,
      }),

    /** Every form the list selects with `query` (and `scope`), chunk by chunk in its order (the list's export). */
    stream: (actor: AuthUser, query: FnFormListQuery, scope: SQL[] = []): AsyncIterable<FnForm[]> =>
      repo.formList.stream(query, repo.formSource(db), { scope: [scopeOf(actor), ...scope] }),

    /** Active forms not shared to anyone, by keyset pages (`cursor=first` when none is given). */
    activeNotShared: (
      actor: AuthUser,
      query: Omit<FnFormListQuery, 'page' | 'no_page'>,
      currentUrl: string,
    ): Promise<Page<FnForm>> =>
      repo.formList.page({ ...query, page: 1, cursor: query.cursor ?? 'first' }, repo.formSource(db), {
        currentUrl,
        scope: [scopeOf(actor), eq(fnForms.stage, 'active')],
        caches,
      }),

    read: visible,

    history: async (actor: AuthUser, id: number) => {
      const form = await visible(actor, id);
      const entries = await formTimeline(db, form.batch, form.series, Number(form.number));
      const expiry = seenExpiry(form, utcDay());
      // The inspectors' checks of the mark (issue 46) among the movements, by time.
      return mergeByTime(expiry ? [...entries, expiry] : entries, await checkTimeline(db, id, form));
    },

    share: (actor: AuthUser, input: FnShare) =>
      db.transaction(async (tx) => {
        const forms = await lockNamed(tx, actor, input);
        await checkInspector(tx, input.inspector, forms);
        return move(
          tx,
          actor,
          forms,
          'share',
          { stage: 'shared', inspectorId: input.inspector },
          {
            after: { stage: 'shared', inspector: input.inspector },
          },
        );
      }),

    unshare: (actor: AuthUser, input: FnShare) =>
      db.transaction(async (tx) => {
        const forms = await lockNamed(tx, actor, input);
        // Taken back from the inspector named: a form shared to someone else is not in the needed stage.
        return move(
          tx,
          actor,
          forms,
          'unshare',
          { stage: 'active', inspectorId: null },
          {
            accepts: (form) => form.stage === 'shared' && form.inspectorId === input.inspector,
            after: { stage: 'active', inspector: null },
          },
        );
      }),

    void: (actor: AuthUser, id: number, reason: string) =>
      db.transaction(async (tx) => {
        const forms = await repo.lockForms(tx, and(eq(fnForms.id, id), scopeOf(actor)));
        if (forms.length === 0) throw notFound();
        await move(tx, actor, forms, 'void', { stage: 'voided', inspectorId: null, voidReason: reason }, { reason });
        return (await repo.findForm(tx, eq(fnForms.id, id)))!;
      }),

    /** The spec's paid-fn soft delete (A only): the form stays paid, annulled, out of the paid count. */
    annul: (actor: AuthUser, pkList: readonly number[], reason: string) =>
      db.transaction(async (tx) => {
        const ids = [...new Set(pkList)];
        const forms = await repo.lockForms(tx, and(inArray(fnForms.id, ids), scopeOf(actor)));
        if (forms.length !== ids.length) throw notFound();
        return move(
          tx,
          actor,
          forms,
          'annul',
          { annulled: true, annulReason: reason },
          {
            reason,
            accepts: (form) => form.stage === 'paid' && !form.annulled,
            after: { stage: 'paid', annulled: true },
          },
        );
      }),

    /** check-fn: any number of any region (a mark is checked wherever the vehicle is stopped). */
    async check(series: string, number: number) {
      const form = await repo.findForm(db, and(eq(fnForms.series, series), eq(fnForms.number, number)));
      if (!form) throw notFound(m.unknownNumber(series, formatFnNumber(number)));
      const details = await repo.checkDetails(db, form.id);
      return {
        series: form.series,
        number: form.number,
        stage: form.stage,
        stage_label: fnStageLabel(form.stage as FnStage),
        status: form.status,
        status_label: fnNoticeStatuses.find((s) => s.code === form.status)?.label ?? null,
        annulled: form.annulled,
        valid_from: form.valid_from,
        valid_to: form.valid_to,
        region_name: details.regionName,
        operator_name: details.operatorName,
        inspector_name: form.inspector_name,
        payment: form.payment,
        vehicle: details.vehicle,
        carrier: details.carrier,
      };
    },
  };
}
