import {
  onlinePermissions,
  paymentPermissions,
  type LiveOp,
  type LiveResource,
  type PermissionRequirement,
} from '@dnx/shared';
import { getTableName } from 'drizzle-orm';
import { resourceSpecs } from '../resources';

/** A row of a list's table as the change feed carries it (its columns by their SQL names). */
export type FeedRow = Record<string, unknown>;

/**
 * What the stream needs of a list's table (issue 47): the resource its rows are shown under, who may read it, and
 * how a row's region is found: the region scope of that list (lib/region-scope.ts), decided per row as the list's
 * query decides it. `region` is absent for a list every reader of the resource sees whole.
 */
export interface LiveTable {
  resource: LiveResource;
  read: PermissionRequirement;
  /** The row's region: its own column, or through its batch (a form); undefined: the list is not regional. */
  region?: { column: string } | { batchOf: string };
  /** Who wrote the row, when the row says so (its creator on insert, its decider when its status moved). */
  by?: (before: FeedRow | null, after: FeedRow | null) => number | null;
}

const idOf = (value: unknown): number | null => (typeof value === 'number' && value > 0 ? value : null);

/** The creator of a new row; the column `when` names of a row whose `status` changed. */
const writer =
  (created: string | null, decided: string) =>
  (before: FeedRow | null, after: FeedRow | null): number | null => {
    if (!after) return null;
    if (!before) return idOf(after[created ?? decided]);
    return before.status !== after.status ? idOf(after[decided]) : null;
  };

const onlineRead = (kind: keyof typeof onlinePermissions): PermissionRequirement => ({
  permissions: [onlinePermissions[kind].view],
});

/** The lists whose rows reach the streams, by their table. */
export function liveTables(): ReadonlyMap<string, LiveTable> {
  const tables = new Map<string, LiveTable>([
    [
      'payments',
      {
        resource: 'payments',
        read: { permissions: [paymentPermissions.view] },
        region: { column: 'region_id' },
        by: writer('created_by', 'status_by'),
      },
    ],
    [
      'fn_batches',
      {
        resource: 'fn-batches',
        read: { permissions: ['view_fnbatch'] },
        region: { column: 'region_id' },
        by: writer('created_by', 'accepted_by'),
      },
    ],
    [
      'fn_forms',
      {
        // Every screen of forms (general, active, paid) is the forms list with its own permission.
        resource: 'fn-forms',
        read: { anyOf: ['view_general_fn', 'view_active_fn', 'view_paid_fn', 'view_fn'] },
        region: { batchOf: 'batch_id' },
      },
    ],
    [
      'online_carrier_requests',
      {
        resource: 'online-carriers',
        read: onlineRead('carrier'),
        region: { column: 'region_id' },
        by: writer(null, 'decided_by'),
      },
    ],
    [
      'online_payment_requests',
      {
        resource: 'online-payments',
        read: onlineRead('payment'),
        region: { column: 'region_id' },
        by: writer(null, 'decided_by'),
      },
    ],
    [
      'bus_routes',
      { resource: 'bus-routes', read: { permissions: ['view_busroute'] }, region: { column: 'region_id' } },
    ],
  ]);
  // The reference lists are read whole by whoever holds their view permission.
  for (const spec of resourceSpecs) {
    const { key, permission } = spec.definition;
    tables.set(getTableName(spec.table), { resource: key, read: { permissions: [`view_${permission}`] } });
  }
  return tables;
}

/** What a statement did to a row. */
export const opOf = (before: FeedRow | null, after: FeedRow | null): LiveOp =>
  !before ? 'insert' : !after ? 'delete' : 'update';

/** Every resource a change may name (the presence paths take these). */
export const liveResourceNames = (): ReadonlySet<string> => new Set([...liveTables().values()].map((t) => t.resource));
