import { drivingCategories, type DrivingCategory } from '@dnx/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { automobileBrands, automobileModels, automobiles, carriers, drivers } from '../../db/schema';
import type { RegistryGateway } from './gateway';

type RightKind = 1 | 2 | 3 | 4;

/** The default registry: the project's own automobiles and drivers (active records only). */
export function createLocalRegistry(db: Database): RegistryGateway {
  return {
    kind: 'local',
    async vehicle(plate) {
      const [row] = await db
        .select({
          plate: automobiles.registrationNumber,
          brand: automobileBrands.name,
          model: automobileModels.name,
          seats: automobiles.seats,
          load: automobiles.loadCapacity,
          carrierVoen: carriers.voen,
          carrierName: carriers.name,
          rightKind: automobiles.rightKind,
          rightExpiry: automobiles.rightExpiryDate,
        })
        .from(automobiles)
        .innerJoin(automobileBrands, eq(automobileBrands.id, automobiles.brandId))
        .innerJoin(automobileModels, eq(automobileModels.id, automobiles.modelId))
        .innerJoin(carriers, eq(carriers.id, automobiles.carrierId))
        .where(and(eq(automobiles.registrationNumber, plate), eq(automobiles.status, 1)));
      if (!row) return null;
      return {
        plate: row.plate,
        brand_model: `${row.brand} ${row.model}`,
        seats_count: row.seats,
        load_carrying_capacity: shortDecimal(row.load),
        base_carrier_pin: row.carrierVoen,
        base_carrier_name: row.carrierName,
        right_of_use: row.rightKind as RightKind,
        right_of_use_expire_date: row.rightExpiry,
      };
    },
    async driver(fin) {
      const [row] = await db
        .select({
          fin: drivers.identityFinCode,
          fullName: sql<string>`${drivers.lastName} || ' ' || ${drivers.firstName} || ' ' || ${drivers.parentName}`,
        })
        .from(drivers)
        .where(and(eq(drivers.identityFinCode, fin), eq(drivers.status, 1)));
      return row ? { fin: row.fin, driver_full_name: row.fullName } : null;
    },
    async licence(number) {
      const [row] = await db
        .select({
          number: drivers.drivingLicenseNumber,
          categories: drivers.drivingCategory,
          expiry: drivers.drivingLicenseFinishDate,
        })
        .from(drivers)
        .where(and(eq(drivers.drivingLicenseNumber, number), eq(drivers.status, 1)));
      if (!row) return null;
      const held = new Set(row.categories);
      return {
        number: row.number,
        categories: drivingCategories.filter((c): c is DrivingCategory => held.has(c)),
        expire_date: row.expiry,
      };
    },
  };
}

/** "12.50" as stored to "12.5" as the API writes decimals. */
function shortDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
