import {
  canOpenRoute,
  finPattern,
  findAppRoute,
  normalizePlate,
  parseFormQuery,
  paymentPermissions,
  recentSearchLimit,
  searchKindLabels,
  voenPattern,
  type ResourceKey,
  type SearchAnswer,
  type SearchKind,
} from '@dnx/shared';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recentSearches } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import type { ResourceCatalogue } from '../resources';
import { specOf } from '../resources';
import * as repo from './repository';

/**
 * Search from anywhere (issue 29): what the text looks like decides where to look (a form's series and number, a
 * 10-digit VÖEN, a plate, a receipt or tracking code, a name), each kind only for a user who may open its list, in
 * their regions; the kinds are read at once and answered grouped.
 */

/** A tracking code as the online requests give it: three groups of four letters or digits. */
const trackingCodePattern = /^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/;

/** A reference list searched by name (and VÖEN, FIN, plate: its list's own search words). */
const records: { kind: SearchKind; resource: ResourceKey }[] = [
  { kind: 'carrier', resource: 'carriers' },
  { kind: 'tax_payer', resource: 'tax-payers' },
  { kind: 'automobile', resource: 'automobiles' },
  { kind: 'driver', resource: 'drivers' },
];

/**
 * What the text looks like decides where to look: each read is an index lookup, and only the kinds it can be. A form
 * (series and number), a VÖEN, a plate, a code (a receipt, a tracking code or a FIN: one token of letters, digits and
 * dashes with a digit in it) or a name (letters, spaces, dots, apostrophes, dashes; three at least).
 */
function shapeOf(q: string) {
  const form = parseFormQuery(q);
  const voen = voenPattern.test(q) ? q : null;
  const plate = voen ? null : normalizePlate(q);
  const code =
    !form && !voen && !plate && (/^(?=.*\d)[A-Za-z0-9-]{4,40}$/.test(q) || trackingCodePattern.test(q)) ? q : null;
  const fin = code && finPattern.test(q.toUpperCase()) ? q.toUpperCase() : null;
  const words = !form && q.length >= 3 && /^[\p{L}\s.'’-]+$/u.test(q);
  return { form, voen, plate, code, fin, words };
}

/** The reference lists a text of this shape is looked for in. */
function recordKindsOf(shape: Pick<ReturnType<typeof shapeOf>, 'voen' | 'plate' | 'fin' | 'words'>): SearchKind[] {
  if (shape.voen) return ['carrier', 'tax_payer'];
  if (shape.plate) return ['automobile'];
  if (shape.fin) return ['driver'];
  return shape.words ? ['carrier', 'tax_payer', 'driver'] : [];
}

export function createSearchService(db: Database, resources: ResourceCatalogue) {
  // Each list's repository once (it keeps caches fed by the change feed), not per search.
  const lists = records.map(({ kind, resource }) => {
    const spec = specOf(resource);
    return { kind, resource, spec, repo: resources.get(spec)!.repo };
  });
  const may = (actor: AuthUser, permission: string) => actor.permissions.has(permission);

  /** A record's screen: its form when the user may open it, else its list searched for it. */
  const recordPath = (actor: AuthUser, resource: ResourceKey, q: string) => {
    const { routes } = specOf(resource).definition;
    const edit = routes.edit ? findAppRoute(routes.edit) : undefined;
    return (id: number) =>
      edit && canOpenRoute(actor.permissions, edit, { pk: String(id) })
        ? `/app/${edit.path.replace(':pk', String(id))}`
        : `/app/${findAppRoute(routes.list)!.path}?search=${encodeURIComponent(q)}`;
  };

  return {
    async search(actor: AuthUser, text: string): Promise<SearchAnswer> {
      const q = text.trim().replace(/\s+/g, ' ');
      if (q.length < 2) return { query: q, groups: [] };
      const { form, voen, plate, code, fin, words } = shapeOf(q);
      const reads: [SearchKind, Promise<repo.Found[]>][] = [];
      if (form && may(actor, 'view_general_fn'))
        reads.push(['form', repo.formsByNumber(db, actor, form.series, form.number)]);
      if (may(actor, paymentPermissions.view)) {
        const where = voen
          ? repo.paymentsByOwner(voen)
          : plate
            ? repo.paymentsByPlate(plate)
            : code || form
              ? repo.paymentByReceipt(q)
              : null;
        if (where) reads.push(['payment', repo.paymentsWhere(db, actor, where)]);
      }
      // The lists' own search: carriers and tax payers by VÖEN, automobiles by plate, drivers by FIN, all by name.
      const recordKinds = recordKindsOf({ voen, plate, fin, words });
      for (const { kind, resource, spec, repo: records } of lists) {
        if (!recordKinds.includes(kind) || !may(actor, `view_${spec.definition.permission}`)) continue;
        const term = plate ?? fin ?? q;
        reads.push([kind, repo.recordsBySearch(db, spec, records, term, recordPath(actor, resource, term))]);
      }
      if (words && may(actor, 'view_user')) reads.push(['user', repo.usersBySearch(db, actor, q)]);
      if (code) {
        if (may(actor, 'view_onlinecarrier'))
          reads.push(['online_carrier', repo.onlineByCode(db, actor, 'carrier', q.toUpperCase())]);
        if (may(actor, 'view_onlinepayment'))
          reads.push(['online_payment', repo.onlineByCode(db, actor, 'payment', q.toUpperCase())]);
      }
      if (words) reads.push(['view', repo.viewsByName(db, actor, q)]);

      const found = await Promise.all(reads.map(([, read]) => read));
      const groups = reads
        .map(([kind], i) => ({
          kind,
          label: searchKindLabels[kind],
          results: found[i]!.map((r) => ({ kind, ...r })),
        }))
        .filter((g) => g.results.length > 0);
      return { query: q, groups };
    },

    /** The person's recent searches, the newest first. */
    async recent(actor: AuthUser): Promise<string[]> {
      const rows = await db
        .select({ query: recentSearches.query })
        .from(recentSearches)
        .where(eq(recentSearches.userId, actor.id))
        .orderBy(desc(recentSearches.searchedAt))
        .limit(recentSearchLimit);
      return rows.map((r) => r.query);
    },

    /** Keeps a search the person used; the oldest beyond the last ten go. */
    async remember(actor: AuthUser, q: string): Promise<string[]> {
      await db
        .insert(recentSearches)
        .values({ userId: actor.id, query: q })
        .onConflictDoUpdate({ target: [recentSearches.userId, recentSearches.query], set: { searchedAt: sql`now()` } });
      const kept = db
        .select({ query: recentSearches.query })
        .from(recentSearches)
        .where(eq(recentSearches.userId, actor.id))
        .orderBy(desc(recentSearches.searchedAt))
        .limit(recentSearchLimit);
      await db
        .delete(recentSearches)
        .where(and(eq(recentSearches.userId, actor.id), notInArray(recentSearches.query, kept)));
      return this.recent(actor);
    },

    async forget(actor: AuthUser): Promise<void> {
      await db.delete(recentSearches).where(eq(recentSearches.userId, actor.id));
    },
  };
}
