import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../lib/passwords';
import type { Database } from '../db/client';
import {
  automobileBrands,
  automobileModels,
  automobiles,
  carriers,
  drivers,
  fnCoefficients,
  fnStatuses,
  groups,
  regions,
  routeCompanies,
  cities,
  specialTransportTypes,
  tariffs,
  taxPayers,
  transportTypes,
  userGroups,
  users,
} from '../db/schema';
import { seedDemoBankStatements } from './bank-statements';
import * as data from './data';
import { seedDemoFn } from './fn';
import { addHistoryStaff, seedDemoHistory } from './history';
import { seedDemoHistoryRequests } from './history-requests';
import { seedDemoRequests } from './requests';

async function isEmpty(db: Database, table: PgTable): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n === 0;
}

/**
 * Demo data: regions, a few rows of every reference list, carriers, drivers, automobiles, the art. 220.5 tariffs
 * and one user per role. Adds only what is missing (a list that has rows is left as it is).
 */
export async function seedDemo(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const tdb = tx as unknown as Database;
    if (await isEmpty(tdb, regions)) await tx.insert(regions).values(data.demoRegions);
    if (await isEmpty(tdb, fnStatuses)) await tx.insert(fnStatuses).values(data.demoFnStatuses);
    if (await isEmpty(tdb, fnCoefficients)) await tx.insert(fnCoefficients).values(data.demoFnCoefficients);
    if (await isEmpty(tdb, transportTypes)) await tx.insert(transportTypes).values(data.demoTransportTypes);
    const namedLists = [
      [specialTransportTypes, data.demoSpecialTransportTypes],
      [taxPayers, data.demoTaxPayers],
      [routeCompanies, data.demoRouteCompanies],
      [cities, data.demoCities],
    ] as const;
    for (const [table, names] of namedLists) {
      if (await isEmpty(tdb, table)) await tx.insert(table).values(names.map((name) => ({ name })));
    }
    if (await isEmpty(tdb, automobileBrands)) {
      for (const [brand, models] of Object.entries(data.demoBrandsWithModels)) {
        const [row] = await tx.insert(automobileBrands).values({ name: brand }).returning({ id: automobileBrands.id });
        await tx.insert(automobileModels).values(models.map((name) => ({ name, brandId: row!.id })));
      }
    }

    if (await isEmpty(tdb, carriers)) {
      const taxPayerIds = new Map((await tx.select().from(taxPayers)).map((t) => [t.name, t.id]));
      await tx
        .insert(carriers)
        .values(
          data.demoCarriers.map(({ taxPayer, ...c }) => ({ ...c, taxPayerId: taxPayerIds.get(taxPayer) ?? null })),
        );
    }
    if (await isEmpty(tdb, drivers)) await tx.insert(drivers).values(data.demoDrivers);
    if (await isEmpty(tdb, automobiles)) {
      const models = await tx
        .select({
          id: automobileModels.id,
          brandId: automobileModels.brandId,
          model: automobileModels.name,
          brand: automobileBrands.name,
        })
        .from(automobileModels)
        .innerJoin(automobileBrands, eq(automobileBrands.id, automobileModels.brandId));
      const owners = new Map((await tx.select().from(carriers)).map((c) => [c.voen, c.id]));
      const rows = data.demoAutomobiles.flatMap((a) => {
        const model = models.find((m) => m.brand === a.brand && m.model === a.model);
        const carrierId = owners.get(a.owner);
        if (!model || carrierId === undefined) return [];
        return [
          {
            registrationNumber: a.plate,
            brandId: model.brandId,
            modelId: model.id,
            seats: a.seats,
            loadCapacity: a.load,
            carrierId,
            rightKind: a.right,
            rightExpiryDate: a.rightExpiry,
          },
        ];
      });
      if (rows.length > 0) await tx.insert(automobiles).values(rows);
    }
    if (await isEmpty(tdb, tariffs)) await tx.insert(tariffs).values(data.demoTariffs);

    // The year's staff first: the demo users stay the newest accounts, at the top of the users list.
    await addHistoryStaff(tx);
    const regionIds = new Map((await tx.select().from(regions)).map((r) => [r.name, r.id]));
    const groupIds = new Map((await tx.select().from(groups)).map((g) => [g.code, g.id]));
    let demoUsersAdded = false;
    for (const demo of data.demoUsers) {
      const existing = await tx.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
      if (existing.length > 0) continue;
      demoUsersAdded = true;
      // Each account is hashed on its own: one shared salt would show that the accounts share a password.
      const passwordHash = await hashPassword(data.demoPassword);
      const [user] = await tx
        .insert(users)
        .values({
          email: demo.email,
          passwordHash,
          firstName: demo.firstName,
          lastName: demo.lastName,
          regionId: regionIds.get(demo.region) ?? null,
        })
        .returning({ id: users.id });
      await tx.insert(userGroups).values({ userId: user!.id, groupId: groupIds.get(demo.role)! });
    }
    // The demo's sign-in stays one step (README): its role groups require no second factor. Never in production:
    // demo data is refused there. Set once, with the demo's users; an administrator may turn it on again.
    if (demoUsersAdded) await tx.update(groups).set({ mfaRequired: false });
  });
  await seedDemoFn(db);
  await seedDemoRequests(db);
  // After the demo users' own records, which keep the ids and numbers they had before the year was added.
  await seedDemoHistory(db);
  await seedDemoHistoryRequests(db);
  // The year's bank statements, once its payments are paid (issue 48).
  await seedDemoBankStatements(db);
}

export async function hasUsers(db: Database): Promise<boolean> {
  return !(await isEmpty(db, users));
}
