import { paymentMessages as m, type Payer } from '@dnx/shared';
import { and, count, desc, eq, isNotNull, max, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carriers, paymentRows, payments, transportTypes } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { paymentScope } from './payment-queries';

/**
 * The transport type most used in a payer's earlier payments the user may see, not cancelled: the one their
 * headers named most (the latest use breaks a tie), else the one of most of their vehicle rows.
 */
async function usualTransportType(db: Database, actor: AuthUser, voen: string): Promise<number | null> {
  const earlier = and(eq(payments.ownerCode, voen), ne(payments.status, 4), paymentScope(actor));
  const [header] = await db
    .select({ id: payments.ownerTransportTypeId })
    .from(payments)
    .where(and(earlier, isNotNull(payments.ownerTransportTypeId)))
    .groupBy(payments.ownerTransportTypeId)
    .orderBy(desc(count()), desc(max(payments.id)))
    .limit(1);
  if (header?.id != null) return header.id;
  const [row] = await db
    .select({ id: paymentRows.transportTypeId })
    .from(paymentRows)
    .innerJoin(payments, eq(payments.id, paymentRows.paymentId))
    .where(earlier)
    .groupBy(paymentRows.transportTypeId)
    .orderBy(desc(count()), desc(max(payments.id)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A new payment's payer by VÖEN: name, address and phone from the carriers' register (national), else from the
 * payer's latest payment in the user's region scope; its usual transport type. Neither: 404.
 */
export async function findPayer(db: Database, actor: AuthUser, voen: string): Promise<Payer> {
  const [carrier] = await db
    .select({ name: carriers.name, address: carriers.address, phone: carriers.phone })
    .from(carriers)
    .where(eq(carriers.voen, voen))
    .limit(1);
  const [latest] = carrier
    ? []
    : await db
        .select({ name: payments.ownerName, address: payments.ownerAddress, phone: payments.ownerPhone })
        .from(payments)
        .where(and(eq(payments.ownerCode, voen), paymentScope(actor) ?? sql`true`))
        .orderBy(desc(payments.id))
        .limit(1);
  const known = carrier ?? latest;
  if (!known) throw notFound(m.payerNotFound);
  const transportType = await usualTransportType(db, actor, voen);
  const [type] =
    transportType === null
      ? []
      : await db.select({ name: transportTypes.name }).from(transportTypes).where(eq(transportTypes.id, transportType));
  return {
    voen,
    source: carrier ? 'carrier' : 'payment',
    name: known.name,
    address: known.address,
    phone: known.phone,
    transport_type: transportType,
    transport_type_name: type?.name ?? null,
  };
}
