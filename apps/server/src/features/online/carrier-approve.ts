import { findOnlineTransition, onlineMessages as m } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import { carriers, onlineCarrierRequests } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import type { DecisionDeps } from './decision-deps';
import { decide } from './decision-record';
import { carrierScope, findCarrierRequest, within } from './request-lists';

/** Approve: the carrier with that VÖEN is updated (the differences shown before), or created. */
export async function approveCarrier({ db, statusLink }: DecisionDeps, actor: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const request = await findCarrierRequest(tx, within(carrierScope(actor), eq(onlineCarrierRequests.id, id)), true);
    if (!request) throw notFound();
    if (!findOnlineTransition('carrier', request.status, 'approve')) throw conflict(m.alreadyDecided);
    const values = {
      name: request.name,
      phone: request.phone,
      address: request.address,
      info: request.info,
      taxPayerId: request.taxPayerId,
    };
    const [existing] = await tx.select().from(carriers).where(eq(carriers.voen, request.voen)).limit(1).for('update');
    let carrierId: number;
    if (existing) {
      await tx
        .update(carriers)
        .set({ ...values, version: sql`${carriers.version} + 1` })
        .where(eq(carriers.id, existing.id));
      carrierId = existing.id;
      await recordAudit(tx, {
        actor: auditActor(actor),
        action: 'update',
        resource: 'carrier',
        recordId: carrierId,
        before: { name: existing.name, phone: existing.phone, address: existing.address, info: existing.info },
        after: { name: values.name, phone: values.phone, address: values.address, info: values.info },
      });
    } else {
      const [created] = await tx
        .insert(carriers)
        .values({ ...values, voen: request.voen })
        .returning({ id: carriers.id });
      carrierId = created!.id;
      await recordAudit(tx, {
        actor: auditActor(actor),
        action: 'create',
        resource: 'carrier',
        recordId: carrierId,
        after: { name: values.name, voen: request.voen },
      });
    }
    await decide(tx, statusLink, 'carrier', request, 'approve', actor, { carrierId });
    return { ...request, carrierId };
  });
}
