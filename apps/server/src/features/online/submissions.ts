import { randomInt } from 'node:crypto';
import type { OnlineCarrierRequestInput, OnlineDocumentKind, OnlinePaymentRequestInput } from '@dnx/shared';
import type { Database, Transaction } from '../../db/client';
import { onlineCarrierRequests, onlineFiles, onlinePaymentRequests } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { MailMessage } from '../../lib/mailer';
import { enqueueMail } from '../mail';
import type { CheckedDocument } from './documents';

/** Tracking codes: 12 of the 32 letters and digits that cannot be misread (no I, L, O, U), in groups of four. */
const codeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function trackingCode(): string {
  const chars = Array.from({ length: 12 }, () => codeAlphabet[randomInt(codeAlphabet.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** What a carrier's registration request stores: the form's fields once checked, without the human check. */
export type CarrierRequestFields = Omit<OnlineCarrierRequestInput, 'gtoken' | 'consent' | OnlineDocumentKind>;
/** What a request for marks stores. */
export type PaymentRequestFields = Omit<OnlinePaymentRequestInput, 'gtoken' | 'consent' | OnlineDocumentKind>;

/**
 * Stores a request under a new tracking code, in one transaction: its row, its documents and its audit entry (no
 * actor: the public made it). The public submission calls it once the sender is admitted; the demo data too.
 */
async function storeRequest(
  db: Database,
  kind:
    { resource: 'onlinecarrier'; owner: 'carrierRequestId' } | { resource: 'onlinepayment'; owner: 'paymentRequestId' },
  insert: (tx: Transaction, code: string) => Promise<{ id: number }[]>,
  summary: Record<string, unknown>,
  documents: CheckedDocument[],
  mail?: (code: string) => MailMessage,
): Promise<{ id: number; code: string }> {
  const code = trackingCode();
  const id = await db.transaction(async (tx) => {
    const [row] = await insert(tx, code);
    const owner = { [kind.owner]: row!.id } as { carrierRequestId: number } | { paymentRequestId: number };
    if (documents.length > 0) {
      await tx.insert(onlineFiles).values(
        documents.map((d) => ({
          ...owner,
          kind: d.kind,
          name: d.name,
          contentType: d.contentType,
          size: d.data.length,
          data: d.data,
        })),
      );
    }
    await recordAudit(tx, {
      actor: null,
      action: 'create',
      resource: kind.resource,
      recordId: row!.id,
      after: { code, ...summary, files: documents.length },
    });
    // The tracking code's mail commits with the request (the outbox sends it).
    if (mail) await enqueueMail(tx, 'online_submitted', mail(code));
    return row!.id;
  });
  return { id, code };
}

/** A carrier's registration request, stored. */
export const recordCarrierRequest = (
  db: Database,
  input: CarrierRequestFields,
  documents: CheckedDocument[],
  address: string,
  mail?: (code: string) => MailMessage,
) =>
  storeRequest(
    db,
    { resource: 'onlinecarrier', owner: 'carrierRequestId' },
    (tx, code) =>
      tx
        .insert(onlineCarrierRequests)
        .values({
          code,
          regionId: input.region,
          name: input.name,
          voen: input.voen,
          taxPayerId: input.tax_payer,
          address: input.address,
          phone: input.phone,
          email: input.email,
          info: input.info,
          ip: address,
        })
        .returning({ id: onlineCarrierRequests.id }),
    { name: input.name, voen: input.voen, region: input.region },
    documents,
    mail,
  );

/** A request for marks, stored. */
export const recordPaymentRequest = (
  db: Database,
  input: PaymentRequestFields,
  documents: CheckedDocument[],
  address: string,
  mail?: (code: string) => MailMessage,
) =>
  storeRequest(
    db,
    { resource: 'onlinepayment', owner: 'paymentRequestId' },
    (tx, code) =>
      tx
        .insert(onlinePaymentRequests)
        .values({
          code,
          regionId: input.owner_region,
          ownerCode: input.owner_code,
          ownerName: input.owner_name,
          ownerAddress: input.owner_address,
          ownerPhone: input.owner_phone,
          ownerEmail: input.owner_email,
          ownerTransportTypeId: input.owner_transport_type,
          vehicles: input.vehicles,
          ip: address,
        })
        .returning({ id: onlinePaymentRequests.id }),
    { owner_code: input.owner_code, region: input.owner_region, vehicles: input.vehicles.length },
    documents,
    mail,
  );
