import {
  sumAmounts,
  type Page,
  type Payment,
  type PaymentListItem,
  type PaymentListQuery,
  type QuoteRequest,
  type QuoteResponse,
} from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { ListCaches } from '../../lib/list/list-query';
import { regionScope } from '../../lib/region-scope';
import { utcDay } from '../../lib/days';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './payment-repository';
import { price } from './payment-rules';

/** The payments a user may see: their region's, or all for a national user (undefined: no condition). */
export const paymentScope = (actor: AuthUser) => regionScope(actor, payments.regionId);

/** A payment the user may see, by id; another region's is 404, as if it did not exist. */
export async function visiblePayment(db: Database, actor: AuthUser, id: number): Promise<Payment> {
  const payment = await repo.findPayment(db, sql`${payments.id} = ${id} and ${paymentScope(actor) ?? sql`true`}`);
  if (!payment) throw notFound();
  return payment;
}

/** The list, its count, its export and its sum, in the user's region scope. */
export function paymentQueries(db: Database, caches?: ListCaches) {
  return {
    count: (actor: AuthUser, query: PaymentListQuery): Promise<number> =>
      repo.paymentList.count(query, repo.paymentSource(db), [paymentScope(actor)], caches),

    list: (actor: AuthUser, query: PaymentListQuery, currentUrl: string): Promise<Page<PaymentListItem>> =>
      repo.paymentList.page(query, repo.paymentSource(db), {
        currentUrl,
        scope: [paymentScope(actor)],
        caches,
      }),

    /** Every payment the list selects with `query`, chunk by chunk in its order (the list's export). */
    stream: (actor: AuthUser, query: PaymentListQuery): AsyncIterable<PaymentListItem[]> =>
      repo.paymentList.stream(query, repo.paymentSource(db), { scope: [paymentScope(actor)] }),

    /** The sum of `total` over what the list selects with `query` (the home's amounts beside its counts). */
    total: async (actor: AuthUser, query: PaymentListQuery): Promise<string> => {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${payments.total}), 0)::numeric(16, 2)::text` })
        .from(payments)
        .where(repo.paymentList.where(query, [paymentScope(actor)]));
      return row?.sum ?? '0.00';
    },

    read: (actor: AuthUser, id: number): Promise<Payment> => visiblePayment(db, actor, id),

    /** A payment by id whoever asks (the online request's public status shows the payment made of it). */
    readById: async (id: number): Promise<Payment | null> => repo.findPayment(db, eq(payments.id, id)),

    /** Prices rows on a day (today when none) without saving anything: the same function a save runs. */
    async quote(input: QuoteRequest): Promise<QuoteResponse> {
      const day = input.date ?? utcDay();
      const rows = await price(db, input.rows, day);
      return { date: day, rows, total: sumAmounts(rows.map((r) => r.amount)) };
    },
  };
}
