import {
  appRoutes,
  fnBatchListQuerySchema,
  fnFormListQuerySchema,
  fnStages,
  hasPermissions,
  onlineCarrierListQuerySchema,
  onlinePaymentListQuerySchema,
  paymentListQuerySchema,
  paymentStatuses,
  type RoleCode,
  type Statistic,
  type Statistics,
} from '@dnx/shared';
import type { Database } from '../../db/client';
import { utcDay } from '../../lib/days';
import type { AuthUser } from '../../plugins/auth';
import type { createBatchService, createFormService } from '../fn';
import { onlineRequestLists } from '../online';
import type { createPaymentService } from '../payments';

/**
 * The home page's numbers (issue 16, `GET /api/reports/statistics/`). Each is the count of a list — its screen
 * and its query — asked through that list's own code with the user's scope, so the number and the list it links
 * to are the same number by construction; counts are kept between writes as the lists keep theirs.
 */

type Params = Record<string, string>;
type Counter = (actor: AuthUser, params: Params) => Promise<number>;

interface Item {
  key: string;
  section: string;
  label: string;
  /** The route key of the screen the number opens (its permissions decide whether the user gets the number). */
  route: string;
  params: Params;
  count: Counter;
  amount?: (actor: AuthUser, params: Params) => Promise<string>;
}

/** `work` over `items`, at most `width` at a time, the results in the items' order. */
async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The home numbers, from the lists' own services (built once a process: services.ts). */
export function createStatistics(
  db: Database,
  {
    forms,
    batches,
    payments,
  }: {
    forms: ReturnType<typeof createFormService>;
    batches: ReturnType<typeof createBatchService>;
    payments: ReturnType<typeof createPaymentService>;
  },
) {
  const online = onlineRequestLists(db);
  // Each number is its list's count, with the list's own filters and scope (no row is read).
  const counters = {
    forms: ((actor, params) => forms.count(actor, fnFormListQuerySchema.parse(params))) as Counter,
    batches: ((actor, params) => batches.count(actor, fnBatchListQuerySchema.parse(params))) as Counter,
    payments: ((actor, params) => payments.count(actor, paymentListQuerySchema.parse(params))) as Counter,
    onlinePayments: ((actor, params) =>
      online.countPayments(actor, onlinePaymentListQuerySchema.parse(params))) as Counter,
    onlineCarriers: ((actor, params) =>
      online.countCarriers(actor, onlineCarrierListQuerySchema.parse(params))) as Counter,
  };
  const paymentAmount = (actor: AuthUser, params: Params) =>
    payments.total(actor, paymentListQuerySchema.parse(params));

  function itemsFor(actor: AuthUser, today: string): Item[] {
    const codes = new Set(actor.groups.map((g) => g.code as RoleCode | null));
    const monthStart = `${today.slice(0, 7)}-01`;
    const items: Item[] = [];
    const stageItems = (section: string, extra: Params) =>
      fnStages.map((stage) => ({
        key: `forms-${stage.key}`,
        section,
        label: stage.label,
        route: 'general-fn',
        params: { ...extra, stage: stage.key },
        count: counters.forms,
      }));
    const paymentItems = (section: string, keyPrefix: string, from: string, codesShown: readonly number[]) =>
      paymentStatuses
        .filter((s) => codesShown.includes(s.code))
        .map((s) => ({
          key: `${keyPrefix}-${s.code}`,
          section,
          label: s.label,
          route: 'fn-payment',
          params: { status: String(s.code), created_from: from, created_to: today },
          count: counters.payments,
          amount: paymentAmount,
        }));

    if (codes.has('admin') || codes.has('central')) {
      items.push(...stageItems('Ölkə üzrə blanklar', {}));
      items.push({
        key: 'batches-waiting',
        section: 'Ölkə üzrə blanklar',
        label: 'Qəbul gözləyən partiyalar',
        route: 'new-fn',
        params: { status: 'issued' },
        count: counters.batches,
      });
      items.push(...paymentItems('Ölkə üzrə ödənişlər: bu ay', 'payments-month', monthStart, [1, 2, 3, 4]));
    }
    if (codes.has('operator')) {
      items.push(...stageItems('Blanklarım', { operator: String(actor.id) }));
      items.push({
        key: 'batches-to-accept',
        section: 'Blanklarım',
        label: 'Qəbul gözləyən partiyalar',
        route: 'new-fn',
        params: { operator: String(actor.id), status: 'issued' },
        count: counters.batches,
      });
    }
    if (codes.has('cashier')) {
      items.push(...paymentItems('Gözləyən ödənişlər: bu gün', 'payments-today', today, [1, 2]));
      items.push(...paymentItems('Gözləyən ödənişlər: bu ay', 'payments-waiting-month', monthStart, [1, 2]));
    }
    if (codes.has('regional_head')) {
      items.push(...paymentItems('Regionun bu ayı: ödənişlər', 'region-payments-month', monthStart, [1, 2, 3, 4]));
      items.push(
        ...stageItems('Regionun blankları', {}).filter((i) => ['active', 'shared', 'paid'].includes(i.params.stage!)),
      );
    }
    items.push(
      {
        key: 'forms-expiring',
        section: 'Diqqət',
        label: 'Növbəti 30 gündə müddəti bitən blanklar',
        route: 'general-fn',
        params: { status: '4', valid_to_from: today, valid_to_to: addDays(today, 30) },
        count: counters.forms,
      },
      {
        key: 'online-payments-waiting',
        section: 'Diqqət',
        label: 'Gözləyən onlayn ödəniş sorğuları',
        route: 'online-payment',
        params: { status: '1' },
        count: counters.onlinePayments,
      },
      {
        key: 'online-carriers-waiting',
        section: 'Diqqət',
        label: 'Gözləyən daşıyıcı qeydiyyatı sorğuları',
        route: 'online-carrier',
        params: { status: '1' },
        count: counters.onlineCarriers,
      },
    );
    // A number only where its list opens for the user; one number once (a user of two roles).
    const seen = new Set<string>();
    return items.filter((item) => {
      const route = appRoutes.find((r) => r.key === item.route);
      const id = `${item.route}?${new URLSearchParams(item.params)}`;
      if (!route || !hasPermissions(actor.permissions, route.permissions) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }

  return async function statistics(actor: AuthUser): Promise<Statistics> {
    const today = utcDay();
    const items = itemsFor(actor, today);
    // A few at a time: on a fresh server every query at once would open a connection each, which costs more than
    // the counts themselves (most are kept between writes anyway).
    const results: Statistic[] = await inBatches(items, 4, async (item) => {
      const [count, amount] = await Promise.all([
        item.count(actor, item.params),
        item.amount ? item.amount(actor, item.params) : Promise.resolve(null),
      ]);
      const route = appRoutes.find((r) => r.key === item.route)!;
      return {
        key: item.key,
        section: item.section,
        label: item.label,
        count,
        amount,
        link: `/app/${route.path}?${new URLSearchParams(item.params)}`,
      };
    });
    return { today, results };
  };
}
