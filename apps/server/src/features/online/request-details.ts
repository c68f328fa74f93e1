import { registryMessages, type OnlineCarrier, type OnlinePaymentRequest, type OnlineVehicle } from '@dnx/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carriers, onlineFiles } from '../../db/schema';
import type { RegistryGateway } from '../registry';
import { RegistryError } from '../registry';
import { asCarrierItem, asPaymentItem, type CarrierRequestRow, type PaymentRequestRow } from './request-lists';

const fileColumns = {
  id: onlineFiles.id,
  kind: onlineFiles.kind,
  name: onlineFiles.name,
  content_type: onlineFiles.contentType,
  size: onlineFiles.size,
};
type FileItem = OnlineCarrier['files'][number];

/** The carrier fields an approval writes, with their labels: what the differences table shows. */
const carrierFields = [
  { field: 'name', label: 'Daşıyıcının adı' },
  { field: 'phone', label: 'Telefon' },
  { field: 'address', label: 'Ünvan' },
  { field: 'info', label: 'Məlumat' },
  { field: 'tax_payer', label: 'Vergi ödəyicisi' },
] as const;

/** What the staff read of a request: its documents, the carrier an approval would change, the registry's answers. */
export function requestDetails(db: Database, registry: RegistryGateway) {
  async function filesOf(
    column: typeof onlineFiles.carrierRequestId | typeof onlineFiles.paymentRequestId,
    id: number,
  ) {
    return (await db
      .select(fileColumns)
      .from(onlineFiles)
      .where(eq(column, id))
      .orderBy(asc(onlineFiles.id))) as FileItem[];
  }

  async function carrierDetail(row: CarrierRequestRow): Promise<OnlineCarrier> {
    const [existing] = await db.select().from(carriers).where(eq(carriers.voen, row.voen)).limit(1);
    const wanted: Record<string, string> = {
      name: row.name,
      phone: row.phone,
      address: row.address,
      info: row.info,
      tax_payer: row.taxPayerId === null ? '' : String(row.taxPayerId),
    };
    const held: Record<string, string> | null = existing
      ? {
          name: existing.name,
          phone: existing.phone,
          address: existing.address,
          info: existing.info,
          tax_payer: existing.taxPayerId === null ? '' : String(existing.taxPayerId),
        }
      : null;
    return {
      ...asCarrierItem(row),
      address: row.address,
      info: row.info,
      tax_payer: row.taxPayerId,
      files: await filesOf(onlineFiles.carrierRequestId, row.id),
      existing:
        existing && held
          ? {
              id: existing.id,
              changes: carrierFields
                .filter(({ field }) => held[field] !== wanted[field])
                .map(({ field, label }) => ({ field, label, before: held[field]!, after: wanted[field]! })),
            }
          : null,
    };
  }

  /** A vehicle with what the registry says of it and its driver; a failed lookup is the vehicle's error, never the request's. */
  async function lookedUp(vehicle: OnlineVehicle) {
    const errors: string[] = [];
    const ask = async <T>(question: () => Promise<T | null>, notFoundMessage: string): Promise<T | null> => {
      try {
        const answer = await question();
        if (answer === null) errors.push(notFoundMessage);
        return answer;
      } catch (err) {
        if (err instanceof RegistryError) {
          errors.push(err.message);
          return null;
        }
        throw err;
      }
    };
    const car = await ask(() => registry.vehicle(vehicle.plate), registryMessages.vehicleNotFound);
    const driver = vehicle.driver_fin
      ? await ask(() => registry.driver(vehicle.driver_fin), registryMessages.driverNotFound)
      : null;
    return {
      ...vehicle,
      brand_model: car?.brand_model ?? '',
      registry_seats_count: car?.seats_count ?? null,
      base_carrier_pin: car?.base_carrier_pin ?? '',
      driver_full_name: driver?.driver_full_name ?? '',
      serviceErrors: errors,
      right_of_use: car?.right_of_use ?? null,
      right_of_use_expire_date: car?.right_of_use_expire_date ?? null,
    };
  }

  async function paymentDetail(row: PaymentRequestRow): Promise<OnlinePaymentRequest> {
    const vehicles = await Promise.all(row.vehicles.map((v) => lookedUp(v)));
    return {
      ...asPaymentItem(row),
      owner_address: row.ownerAddress,
      owner_transport_type: row.ownerTransportTypeId,
      vehicles: vehicles.map(({ right_of_use: _r, right_of_use_expire_date: _d, ...v }) => v),
      files: await filesOf(onlineFiles.paymentRequestId, row.id),
    };
  }

  return { carrierDetail, paymentDetail, lookedUp };
}
