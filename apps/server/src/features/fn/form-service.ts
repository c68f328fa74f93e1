import type { FnForm, FnFormListQuery, FnShare, Page } from '@dnx/shared';
import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnForms } from '../../db/schema';
import { utcDay } from '../../lib/days';
import type { ListCaches } from '../../lib/list/list-query';
import type { AuthUser } from '../../plugins/auth';
import { checkForm } from './form-check';
import * as repo from './form-repository';
import { formScope, visibleForm } from './form-rules';
import { shareForms, unshareForms } from './form-share';
import { annulForms, voidForm } from './form-void';
import { formHistoryPage } from './form-history';
import { formTimeline, seenExpiry } from './ledger';

/**
 * The forms and their numbers (active, shared, voided, annulled): lists, moves (form-share.ts, form-void.ts, written
 * by form-move.ts), check-fn (form-check.ts) and timelines.
 */
export function createFormService(db: Database, caches?: ListCaches) {
  return {
    count: (actor: AuthUser, query: FnFormListQuery, scope: SQL[] = []): Promise<number> =>
      repo.formList.count(query, repo.formSource(db), [formScope(actor), ...scope], caches),

    list: (actor: AuthUser, query: FnFormListQuery, currentUrl: string, scope: SQL[] = []): Promise<Page<FnForm>> =>
      repo.formList.page(query, repo.formSource(db), {
        currentUrl,
        scope: [formScope(actor), ...scope],
        caches,
      }),

    /** Every form the list selects with `query` (and `scope`), chunk by chunk in its order (the list's export). */
    stream: (actor: AuthUser, query: FnFormListQuery, scope: SQL[] = []): AsyncIterable<FnForm[]> =>
      repo.formList.stream(query, repo.formSource(db), { scope: [formScope(actor), ...scope] }),

    /** Active forms not shared to anyone, by keyset pages (`cursor=first` when none is given). */
    activeNotShared: (
      actor: AuthUser,
      query: Omit<FnFormListQuery, 'page' | 'no_page'>,
      currentUrl: string,
    ): Promise<Page<FnForm>> =>
      repo.formList.page({ ...query, page: 1, cursor: query.cursor ?? 'first' }, repo.formSource(db), {
        currentUrl,
        scope: [formScope(actor), eq(fnForms.stage, 'active')],
        caches,
      }),

    read: (actor: AuthUser, id: number): Promise<FnForm> => visibleForm(db, actor, id),

    /** A page of the form's history: its movements with the inspectors' checks (issue 46) among them, by time. */
    history: async (actor: AuthUser, id: number, paging: { page: number; perPage: number; currentUrl: string }) => {
      const form = await visibleForm(db, actor, id);
      const entries = await formTimeline(db, form.batch, form.series, Number(form.number));
      const expiry = seenExpiry(form, utcDay());
      return formHistoryPage(db, form, expiry ? [...entries, expiry] : entries, paging);
    },

    share: (actor: AuthUser, input: FnShare) => shareForms(db, actor, input),
    unshare: (actor: AuthUser, input: FnShare) => unshareForms(db, actor, input),
    void: (actor: AuthUser, id: number, reason: string) => voidForm(db, actor, id, reason),
    annul: (actor: AuthUser, pkList: readonly number[], reason: string) => annulForms(db, actor, pkList, reason),
    /** check-fn: any number of any region (a mark is checked wherever the vehicle is stopped). */
    check: (series: string, number: number) => checkForm(db, series, number),
  };
}

export type FormService = ReturnType<typeof createFormService>;
