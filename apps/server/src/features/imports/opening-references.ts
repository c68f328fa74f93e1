import { azSearchKey } from '@dnx/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { fnCoefficients, fnForms, payments, regions, transportTypes, users } from '../../db/schema';
import * as batchRepo from '../fn';

/** What an opening import reads once and keeps for its run: the references, users and their roles. */
export type OpeningReferences = Awaited<ReturnType<typeof loadOpeningReferences>>;

export async function loadOpeningReferences(db: Executor) {
  // The references by folded name: regions, transport types, coefficients (by their description or value).
  const byName = <T extends { id: number }>(rows: T[], names: (row: T) => string[]) => {
    const map = new Map<string, number[]>();
    for (const row of rows)
      for (const name of names(row)) map.set(azSearchKey(name), [...(map.get(azSearchKey(name)) ?? []), row.id]);
    return map;
  };
  const regionIds = byName(await db.select({ id: regions.id, name: regions.name }).from(regions), (r) => [r.name]);
  const typeIds = byName(
    await db.select({ id: transportTypes.id, name: transportTypes.name }).from(transportTypes),
    (r) => [r.name],
  );
  const coefficients = await db
    .select({
      id: fnCoefficients.id,
      value: sql<string>`${fnCoefficients.coefficient}::float8::text`,
      description: fnCoefficients.description,
    })
    .from(fnCoefficients);
  const coefficientIds = byName(coefficients, (r) =>
    [r.description ?? '', r.value, r.value.replace('.', ',')].filter(Boolean),
  );
  const coefficientValue = new Map(coefficients.map((c) => [c.id, c.value]));
  const userIds = new Map<string, number | null>();
  async function userOf(email: string): Promise<number | null> {
    const key = email.toLowerCase();
    if (!userIds.has(key)) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${key}`);
      userIds.set(key, row?.id ?? null);
    }
    return userIds.get(key)!;
  }
  const roles = new Map<string, boolean>();
  async function hasRole(userId: number, role: 'operator' | 'inspector', region: number) {
    const key = `${userId}|${role}|${region}`;
    if (!roles.has(key)) roles.set(key, await batchRepo.isActiveUserOfRole(db, userId, role, region));
    return roles.get(key)!;
  }

  /** The payment rows this check already found for a receipt in the database (a file imported again). */
  async function formPaidBy(batchId: number, number: number, receipt: string) {
    const [row] = await db
      .select({ id: fnForms.id })
      .from(fnForms)
      .innerJoin(payments, eq(payments.id, fnForms.paymentId))
      .where(and(eq(fnForms.batchId, batchId), eq(fnForms.number, number), eq(payments.paymentReceiptNumber, receipt)));
    return !!row;
  }

  return { regionIds, typeIds, coefficientIds, coefficientValue, userOf, hasRole, formPaidBy };
}
