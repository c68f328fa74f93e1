import { randomInt } from 'node:crypto';
import {
  batchValidityMonths,
  findOnlineTransition,
  onlineMessages as m,
  onlineStatusLabel,
  paymentCreateSchema,
  paymentStatusLabel,
  registryMessages,
  type OnlineAction,
  type OnlineCarrier,
  type OnlineCarrierListItem,
  type OnlineCarrierListQuery,
  type OnlineCarrierRequestInput,
  type OnlineDocumentKind,
  type OnlinePaymentListItem,
  type OnlinePaymentListQuery,
  type OnlinePaymentRequest,
  type OnlinePaymentRequestInput,
  type OnlineRequestKind,
  type OnlineStatus,
  type OnlineStatusAnswer,
  type OnlineVehicle,
  type Page,
  type Payment,
} from '@dnx/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import {
  carriers,
  fnBatches,
  fnCoefficients,
  fnForms,
  onlineCarrierRequests,
  onlineFiles,
  onlinePaymentRequests,
  regions,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { conflict, fieldErrors, notFound, throttled } from '../../lib/http-errors';
import { applyList, defineList, listKeys, type ListSource } from '../../lib/list/list-query';
import { regionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';
import { takeRateLimit } from '../auth/repository';
import type { CaptchaService } from '../captcha/service';
import type { createPaymentService } from '../payments/payment-service';
import type { RegistryGateway } from '../registry/gateway';
import { RegistryError } from '../registry/gateway';
import type { MailMessage } from '../../lib/mailer';
import { enqueueMail } from '../mail/outbox';
import { decisionMail, submittedMail } from './mail';
import type { CheckedDocument } from './documents';

type PaymentService = ReturnType<typeof createPaymentService>;

/** Tracking codes: 12 of the 32 letters and digits that cannot be misread (no I, L, O, U), in groups of four. */
const codeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function trackingCode(): string {
  const chars = Array.from({ length: 12 }, () => codeAlphabet[randomInt(codeAlphabet.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

const moment = (value: Date | null) => (value ? value.toISOString() : null);

// The lists of the two screens: the list engine of every other screen (filters, search, order, keyset pages).
export const carrierRequestList = defineList({
  spec: { filters: { status: 'exact', region: 'id', voen: 'exact' }, orderBy: ['id', 'created_at', 'name', 'status'] },
  filters: {
    status: (value) => (/^[1-3]$/.test(value) ? eq(onlineCarrierRequests.status, Number(value)) : sql`false`),
    region: onlineCarrierRequests.regionId,
    voen: onlineCarrierRequests.voen,
  },
  orderBy: {
    id: onlineCarrierRequests.id,
    created_at: onlineCarrierRequests.createdAt,
    status: onlineCarrierRequests.status,
    name: { expr: onlineCarrierRequests.name, text: true },
  },
  search: [
    onlineCarrierRequests.name,
    onlineCarrierRequests.voen,
    onlineCarrierRequests.email,
    onlineCarrierRequests.code,
  ],
  defaultOrderBy: 'id',
  tieBreaker: onlineCarrierRequests.id,
});

export const paymentRequestList = defineList({
  spec: {
    filters: { status: 'exact', region: 'id', owner_code: 'exact' },
    orderBy: ['id', 'created_at', 'owner_name', 'status'],
  },
  filters: {
    status: (value) => (/^[1-3]$/.test(value) ? eq(onlinePaymentRequests.status, Number(value)) : sql`false`),
    region: onlinePaymentRequests.regionId,
    owner_code: onlinePaymentRequests.ownerCode,
  },
  orderBy: {
    id: onlinePaymentRequests.id,
    created_at: onlinePaymentRequests.createdAt,
    status: onlinePaymentRequests.status,
    owner_name: { expr: onlinePaymentRequests.ownerName, text: true },
  },
  search: [
    onlinePaymentRequests.ownerName,
    onlinePaymentRequests.ownerCode,
    onlinePaymentRequests.ownerEmail,
    onlinePaymentRequests.code,
  ],
  defaultOrderBy: 'id',
  tieBreaker: onlinePaymentRequests.id,
});

type CarrierRequestRow = typeof onlineCarrierRequests.$inferSelect & { regionName: string };
type PaymentRequestRow = typeof onlinePaymentRequests.$inferSelect & { regionName: string };

const review = (row: CarrierRequestRow | PaymentRequestRow) => ({
  id: row.id,
  code: row.code,
  status: row.status as OnlineStatus,
  region: row.regionId,
  region_name: row.regionName,
  created_at: row.createdAt.toISOString(),
  decided_at: moment(row.decidedAt),
  decided_by: row.decidedBy,
  reason: row.reason,
  version: row.version,
});

const asCarrierItem = (row: CarrierRequestRow): OnlineCarrierListItem => ({
  ...review(row),
  name: row.name,
  voen: row.voen,
  email: row.email,
  phone: row.phone,
  carrier: row.carrierId,
});

const asPaymentItem = (row: PaymentRequestRow): OnlinePaymentListItem => ({
  ...review(row),
  owner_code: row.ownerCode,
  owner_name: row.ownerName,
  owner_email: row.ownerEmail,
  owner_phone: row.ownerPhone,
  vehicles_count: row.vehicles.length,
  payment: row.paymentId,
});

const regionName = sql<string>`(select ${regions.name} from ${regions} where ${regions.id} = region_id)`;

type RequestTable = typeof onlineCarrierRequests | typeof onlinePaymentRequests;
type RowOf<T extends RequestTable> = T['$inferSelect'] & { regionName: string };

/** A request's row with its region's name, by a condition; locked for the transaction when `lock`. */
async function findRequest<T extends RequestTable>(
  executor: Database | Transaction,
  table: T,
  where: SQL,
  lock = false,
): Promise<RowOf<T> | null> {
  const query = (executor as Database)
    .select({ request: table as RequestTable, regionName })
    .from(table as RequestTable)
    .where(where)
    .limit(1);
  const [row] = lock ? await query.for('update', { of: table as RequestTable }) : await query;
  return row ? ({ ...row.request, regionName: row.regionName } as RowOf<T>) : null;
}

/** The two review lists (online-carrier, online-payment) of the actor's region; the home counts them too. */
export function onlineRequestLists(db: Database) {
  return {
    countCarriers: (actor: AuthUser, query: OnlineCarrierListQuery): Promise<number> =>
      carrierRequestList.count(query, requestSource(db, onlineCarrierRequests, asCarrierItem), [
        regionScope(actor, onlineCarrierRequests.regionId),
      ]),
    countPayments: (actor: AuthUser, query: OnlinePaymentListQuery): Promise<number> =>
      paymentRequestList.count(query, requestSource(db, onlinePaymentRequests, asPaymentItem), [
        regionScope(actor, onlinePaymentRequests.regionId),
      ]),
    carriers: (
      actor: AuthUser,
      query: OnlineCarrierListQuery,
      currentUrl: string,
    ): Promise<Page<OnlineCarrierListItem>> =>
      carrierRequestList.page(query, requestSource(db, onlineCarrierRequests, asCarrierItem), {
        currentUrl,
        scope: [regionScope(actor, onlineCarrierRequests.regionId)],
      }),
    payments: (
      actor: AuthUser,
      query: OnlinePaymentListQuery,
      currentUrl: string,
    ): Promise<Page<OnlinePaymentListItem>> =>
      paymentRequestList.page(query, requestSource(db, onlinePaymentRequests, asPaymentItem), {
        currentUrl,
        scope: [regionScope(actor, onlinePaymentRequests.regionId)],
      }),
    /** Every registration the list selects with `query`, chunk by chunk in its order (the list's export). */
    streamCarriers: (actor: AuthUser, query: OnlineCarrierListQuery): AsyncIterable<OnlineCarrierListItem[]> =>
      carrierRequestList.stream(query, requestSource(db, onlineCarrierRequests, asCarrierItem), {
        scope: [regionScope(actor, onlineCarrierRequests.regionId)],
      }),
    /** Every request for marks the list selects with `query`, chunk by chunk in its order (the list's export). */
    streamPayments: (actor: AuthUser, query: OnlinePaymentListQuery): AsyncIterable<OnlinePaymentListItem[]> =>
      paymentRequestList.stream(query, requestSource(db, onlinePaymentRequests, asPaymentItem), {
        scope: [regionScope(actor, onlinePaymentRequests.regionId)],
      }),
  };
}

/** The list's rows of one kind, by the list engine. */
function requestSource<T extends RequestTable, I>(db: Database, table: T, asItem: (row: RowOf<T>) => I): ListSource<I> {
  const from = table as RequestTable;
  return {
    count: async (where) => (await db.$count(from, where)) ?? 0,
    rows: async (where, orderBy, window) =>
      (await applyList(db.select({ request: from, regionName }).from(from).$dynamic(), where, orderBy, window)).map(
        (r) => asItem({ ...r.request, regionName: r.regionName } as RowOf<T>),
      ),
    keys: listKeys(db, (keyColumns) => db.select(keyColumns).from(from).$dynamic()),
  };
}

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

export interface OnlineServiceDeps {
  db: Database;
  config: Pick<Config, 'ONLINE_RATE_LIMIT' | 'ONLINE_RATE_WINDOW'>;
  captcha: CaptchaService;
  registry: RegistryGateway;
  payments: PaymentService;
  publicOrigin: string;
}

/** Online requests (issue 14): the public submissions and status, and their review by the staff. */
export function createOnlineService({ db, config, captcha, registry, payments, publicOrigin }: OnlineServiceDeps) {
  const lists = onlineRequestLists(db);
  const carrierScope = (actor: AuthUser) => regionScope(actor, onlineCarrierRequests.regionId);
  const paymentScope = (actor: AuthUser) => regionScope(actor, onlinePaymentRequests.regionId);
  const statusLink = (code: string) => `${publicOrigin}/online/status?code=${encodeURIComponent(code)}`;

  /** The per-address limit and the human verification, in that order (a throttled sender spends no token). */
  async function admit(gtoken: string, address: string): Promise<void> {
    const limit = await takeRateLimit(db, [
      { scope: 'online:address', key: address, limit: config.ONLINE_RATE_LIMIT, window: config.ONLINE_RATE_WINDOW },
    ]);
    if (!limit.allowed) throw throttled(limit.retryAfter);
    const refused = await captcha.verify(gtoken);
    if (refused) throw fieldErrors({ gtoken: [refused] });
  }

  async function assertRegion(region: number, field: string): Promise<void> {
    const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, region)).limit(1);
    if (!row) throw fieldErrors({ [field]: [m.regionRequired] });
  }

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

  const findCarrierRequest = (executor: Database | Transaction, where: SQL, lock = false) =>
    findRequest(executor, onlineCarrierRequests, where, lock);
  const findPaymentRequest = (executor: Database | Transaction, where: SQL, lock = false) =>
    findRequest(executor, onlinePaymentRequests, where, lock);

  const within = (scope: SQL | undefined, condition: SQL) => (scope ? and(condition, scope)! : condition);

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

  /**
   * Free forms for the vehicles, one each: active or shared, not annulled, of the request's region, of a batch of
   * the vehicle's transport type issued for the months wanted; locked, skipping forms another transaction holds.
   */
  async function freeForms(tx: Transaction, region: number, vehicles: OnlineVehicle[]) {
    const batches = await tx
      .select({
        id: fnBatches.id,
        transportTypeId: fnBatches.transportTypeId,
        expireDate: fnBatches.expireDate,
        expireDateType: fnBatches.expireDateType,
        coefficient: fnCoefficients.coefficient,
      })
      .from(fnBatches)
      .innerJoin(fnCoefficients, eq(fnCoefficients.id, fnBatches.coefficientId))
      .where(
        and(
          eq(fnBatches.regionId, region),
          inArray(fnBatches.transportTypeId, [...new Set(vehicles.map((v) => v.transport_type))]),
        ),
      )
      .orderBy(asc(fnBatches.id));
    const taken: number[] = [];
    const chosen: { form: number; coefficient: string }[] = [];
    const errors: Record<string, string[]> = {};
    for (const [i, vehicle] of vehicles.entries()) {
      const fitting = batches.filter(
        (b) =>
          b.transportTypeId === vehicle.transport_type &&
          batchValidityMonths(b.expireDate, b.expireDateType) === vehicle.months,
      );
      const [form] =
        fitting.length === 0
          ? []
          : await tx
              .select({ id: fnForms.id, batchId: fnForms.batchId })
              .from(fnForms)
              .where(
                and(
                  inArray(
                    fnForms.batchId,
                    fitting.map((b) => b.id),
                  ),
                  inArray(fnForms.stage, ['active', 'shared']),
                  eq(fnForms.annulled, false),
                  taken.length > 0 ? sql`${fnForms.id} <> all(${`{${taken.join(',')}}`}::int[])` : undefined,
                ),
              )
              .orderBy(asc(fnForms.batchId), asc(fnForms.number))
              .limit(1)
              .for('update', { skipLocked: true });
      if (!form) {
        errors[`vehicles.${i}`] = [m.noFreeForms(vehicle.plate)];
        continue;
      }
      taken.push(form.id);
      chosen.push({ form: form.id, coefficient: fitting.find((b) => b.id === form.batchId)!.coefficient });
    }
    if (Object.keys(errors).length > 0) throw conflict(Object.values(errors).flat().join(' '));
    return chosen;
  }

  async function decide<T extends CarrierRequestRow | PaymentRequestRow>(
    tx: Transaction,
    kind: OnlineRequestKind,
    row: T | null,
    action: OnlineAction,
    actor: AuthUser,
    set: Record<string, unknown>,
  ): Promise<OnlineStatus> {
    if (!row) throw notFound();
    const transition = findOnlineTransition(kind, row.status, action);
    if (!transition) throw conflict(m.alreadyDecided);
    const table = kind === 'carrier' ? onlineCarrierRequests : onlinePaymentRequests;
    await tx
      .update(table)
      .set({
        ...set,
        status: transition.to,
        decidedBy: actor.id,
        decidedAt: sql`now()`,
        version: sql`${table.version} + 1`,
      })
      .where(eq(table.id, row.id));
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: 'update',
      resource: kind === 'carrier' ? 'onlinecarrier' : 'onlinepayment',
      recordId: row.id,
      before: { status: row.status, code: row.code },
      after: { status: transition.to, code: row.code, action, ...('reason' in set ? { reason: set.reason } : {}) },
    });
    // The requester is told in the same transaction: the outbox sends it once the decision has committed.
    const email = 'ownerEmail' in row ? row.ownerEmail : row.email;
    const reason = 'reason' in set ? String(set.reason) : null;
    const decision = action === 'approve' || action === 'accept' ? action : 'reject';
    await enqueueMail(
      tx,
      'online_decision',
      decisionMail(email, kind, decision, row.code, reason, statusLink(row.code)),
    );
    return transition.to;
  }

  /** Rejects a new request of a kind, on its locked row, with the reason the carrier is told. */
  async function reject<K extends OnlineRequestKind>(kind: K, actor: AuthUser, id: number, reason: string) {
    const table = (kind === 'carrier' ? onlineCarrierRequests : onlinePaymentRequests) as K extends 'carrier'
      ? typeof onlineCarrierRequests
      : typeof onlinePaymentRequests;
    const scope = regionScope(actor, table.regionId);
    await db.transaction(async (tx) => {
      const request = await findRequest(tx, table, within(scope, eq(table.id, id)), true);
      await decide(tx, kind, request, 'reject', actor, { reason });
    });
  }

  return {
    async submitCarrier(input: OnlineCarrierRequestInput, documents: CheckedDocument[], address: string) {
      await admit(input.gtoken, address);
      await assertRegion(input.region, 'region');
      const { id, code } = await recordCarrierRequest(db, input, documents, address, (tracking) =>
        submittedMail(input.email, 'carrier', tracking, statusLink(tracking)),
      );
      return { id, code, status: 1 as const, detail: m.submitted };
    },

    async submitPayment(input: OnlinePaymentRequestInput, documents: CheckedDocument[], address: string) {
      await admit(input.gtoken, address);
      await assertRegion(input.owner_region, 'owner_region');
      const { id, code } = await recordPaymentRequest(db, input, documents, address, (tracking) =>
        submittedMail(input.owner_email, 'payment', tracking, statusLink(tracking)),
      );
      return { id, code, status: 1 as const, detail: m.submitted };
    },

    /** The public status: the code and the VÖEN must both match, else 404 (nothing tells which was wrong). */
    async status(code: string, voen: string): Promise<OnlineStatusAnswer> {
      const carrier = await findCarrierRequest(
        db,
        and(eq(onlineCarrierRequests.code, code), eq(onlineCarrierRequests.voen, voen))!,
      );
      if (carrier) {
        return {
          kind: 'carrier',
          code,
          status: carrier.status as OnlineStatus,
          status_label: onlineStatusLabel('carrier', carrier.status),
          created_at: carrier.createdAt.toISOString(),
          decided_at: moment(carrier.decidedAt),
          reason: carrier.reason,
          payment: null,
        };
      }
      const request = await findPaymentRequest(
        db,
        and(eq(onlinePaymentRequests.code, code), eq(onlinePaymentRequests.ownerCode, voen))!,
      );
      if (!request) throw notFound(m.statusNotFound);
      const payment = request.paymentId === null ? null : await payments.readById(request.paymentId);
      return {
        kind: 'payment',
        code,
        status: request.status as OnlineStatus,
        status_label: onlineStatusLabel('payment', request.status),
        created_at: request.createdAt.toISOString(),
        decided_at: moment(request.decidedAt),
        reason: request.reason,
        payment: payment && {
          status: payment.status,
          status_label: paymentStatusLabel(payment.status),
          owner_code: payment.owner_code,
          owner_name: payment.owner_name,
          region_name: request.regionName,
          total: payment.total,
          rows: payment.rows.map((r) => ({
            plate: r.plate,
            form: `${r.form_series} ${r.form_number}`,
            months: r.expire_date,
            tax_price: r.tax_price,
          })),
          payment_receipt_number: payment.payment_receipt_number,
          payment_receipt_date: payment.payment_receipt_date,
        },
      };
    },

    listCarriers: lists.carriers,
    listPayments: lists.payments,
    countCarriers: lists.countCarriers,
    countPayments: lists.countPayments,
    streamCarriers: lists.streamCarriers,
    streamPayments: lists.streamPayments,

    async readCarrier(actor: AuthUser, id: number): Promise<OnlineCarrier> {
      const row = await findCarrierRequest(db, within(carrierScope(actor), eq(onlineCarrierRequests.id, id)));
      if (!row) throw notFound();
      return carrierDetail(row);
    },

    async readPayment(actor: AuthUser, id: number): Promise<OnlinePaymentRequest> {
      const row = await findPaymentRequest(db, within(paymentScope(actor), eq(onlinePaymentRequests.id, id)));
      if (!row) throw notFound();
      return paymentDetail(row);
    },

    /** Approve: the carrier with that VÖEN is updated (the differences shown before), or created. */
    async approveCarrier(actor: AuthUser, id: number): Promise<OnlineCarrier> {
      await db.transaction(async (tx) => {
        const request = await findCarrierRequest(
          tx,
          within(carrierScope(actor), eq(onlineCarrierRequests.id, id)),
          true,
        );
        if (!request) throw notFound();
        if (!findOnlineTransition('carrier', request.status, 'approve')) throw conflict(m.alreadyDecided);
        const values = {
          name: request.name,
          phone: request.phone,
          address: request.address,
          info: request.info,
          taxPayerId: request.taxPayerId,
        };
        const [existing] = await tx
          .select()
          .from(carriers)
          .where(eq(carriers.voen, request.voen))
          .limit(1)
          .for('update');
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
        await decide(tx, 'carrier', request, 'approve', actor, { carrierId });
        return { ...request, carrierId };
      });
      return this.readCarrier(actor, id);
    },

    async rejectCarrier(actor: AuthUser, id: number, reason: string): Promise<OnlineCarrier> {
      await reject('carrier', actor, id, reason);
      return this.readCarrier(actor, id);
    },

    /**
     * Accept: a payment under review with a row per vehicle, each on a free form of the region (the next by
     * number of a batch of its transport type and months), priced by the payment service, and the lookups' data.
     * The request's row is locked first: a second accept waits, then finds it decided (409); one payment at most.
     */
    async acceptPayment(actor: AuthUser, id: number): Promise<OnlinePaymentRequest> {
      // The registry is asked first, outside the transaction: no lock waits on a slow registry.
      const unlocked = await findPaymentRequest(db, within(paymentScope(actor), eq(onlinePaymentRequests.id, id)));
      if (!unlocked) throw notFound();
      const vehicles = await Promise.all(unlocked.vehicles.map((v) => lookedUp(v)));
      await db.transaction(async (tx) => {
        const request = await findPaymentRequest(
          tx,
          within(paymentScope(actor), eq(onlinePaymentRequests.id, id)),
          true,
        );
        if (!request) throw notFound();
        if (!findOnlineTransition('payment', request.status, 'accept')) throw conflict(m.alreadyDecided);
        const forms = await freeForms(tx, request.regionId, request.vehicles);
        const input = paymentCreateSchema.parse({
          owner_code: request.ownerCode,
          owner_name: request.ownerName,
          owner_address: request.ownerAddress,
          owner_phone: request.ownerPhone,
          owner_transport_type: request.ownerTransportTypeId,
          region: request.regionId,
          rows: vehicles.map((v, i) => ({
            form: forms[i]!.form,
            plate: v.plate,
            base_carrier_pin: v.base_carrier_pin,
            brand_model: v.brand_model,
            seats_count: v.seats_count,
            load_carrying_capacity: v.load_carrying_capacity,
            right_of_use: v.right_of_use,
            right_of_use_expire_date: v.right_of_use_expire_date,
            driver_fin: v.driver_fin,
            driver_full_name: v.driver_full_name,
            transport_type: v.transport_type,
            coefficient: forms[i]!.coefficient,
            expire_date: v.months,
            serviceErrors: v.serviceErrors,
          })),
        });
        const payment: Payment = await payments.createWithin(tx, actor, input);
        await decide(tx, 'payment', request, 'accept', actor, { paymentId: payment.id });
        return request;
      });
      return this.readPayment(actor, id);
    },

    async rejectPayment(actor: AuthUser, id: number, reason: string): Promise<OnlinePaymentRequest> {
      await reject('payment', actor, id, reason);
      return this.readPayment(actor, id);
    },

    /** A document, to a user who may see its request (same permission and region); 404 otherwise. */
    async file(actor: AuthUser, id: number) {
      const [file] = await db.select().from(onlineFiles).where(eq(onlineFiles.id, id)).limit(1);
      if (!file) throw notFound();
      const may = (code: string) => actor.permissions.has(code);
      const visible =
        file.carrierRequestId !== null
          ? may('view_onlinecarrier') &&
            (await findCarrierRequest(
              db,
              within(carrierScope(actor), eq(onlineCarrierRequests.id, file.carrierRequestId)),
            ))
          : may('view_onlinepayment') &&
            (await findPaymentRequest(
              db,
              within(paymentScope(actor), eq(onlinePaymentRequests.id, file.paymentRequestId!)),
            ));
      if (!visible) throw notFound();
      return file;
    },

    /** For the summary PDF: the request as the staff see it, and its payment's total when there is one. */
    async summaryOf(actor: AuthUser, id: number) {
      const request = await this.readPayment(actor, id);
      const payment = request.payment === null ? null : await payments.readById(request.payment);
      return { request, total: payment?.total ?? null };
    },
  };
}

export type OnlineService = ReturnType<typeof createOnlineService>;
