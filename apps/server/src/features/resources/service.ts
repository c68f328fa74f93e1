import { resourceMessages as m, type DeleteMultipleResponse, type ResourceRecord } from '@dnx/shared';
import type { Database, Executor } from '../../db/client';
import { recordAudit, type AuditActor, type AuditSnapshot } from '../../lib/audit';
import { checkViolation, foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { auditActor } from '../../lib/grants';
import { conflict, fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import type { ListQuery } from '../../lib/list/list-query';
import type { Transaction } from '../../db/client';
import { lockRows, updateVersioned } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import type { ResourceRepository } from './repository';
import type { FieldErrors, ResourceSpec, ResourceValues, Usage } from './resource-spec';

/**
 * The rules and transactions of one resource: field errors in the spec's slots, names and codes unique,
 * references real, a used record never deleted (409 naming its users), every write audited in its transaction.
 */
export function createResourceService(
  db: Database,
  spec: ResourceSpec,
  repo: ResourceRepository,
  usages: readonly Usage[],
) {
  const { definition, hooks } = spec;
  const resource = definition.permission;
  const editable = definition.fields.filter((f) => !f.readOnly);

  /** The audited fields: what the form edits (display names and server-set fields left out). */
  const snapshot = (record: ResourceRecord): AuditSnapshot =>
    Object.fromEntries(editable.map((f) => [f.name, record[f.name]]));

  async function check(db: Executor, input: ResourceValues, existing: ResourceRecord | null): Promise<void> {
    const errors: FieldErrors = {};
    for (const rule of spec.unique) {
      if (errors[rule.field] || input[rule.field] === '' || input[rule.field] == null) continue;
      if (await repo.isTaken(db, rule, input, existing?.id)) errors[rule.field] = [rule.message];
    }
    for (const field of repo.references) {
      const value = input[field.name];
      if (typeof value === 'number' && !(await repo.referenceExists(db, field, value))) {
        errors[field.name] = [m.unknownReference(field.label)];
      }
    }
    if (hooks.check && Object.keys(errors).length === 0) Object.assign(errors, await hooks.check(db, input, existing));
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  }

  /** A write that lost a race with another (same name, a reference deleted meanwhile) still answers in its slot. */
  function translateWriteError(err: unknown): never {
    const unique = uniqueViolation(err);
    const rule = spec.unique.find((r) => r.index === unique);
    if (rule) throw fieldErrors({ [rule.field]: [rule.message] });
    const constraint = foreignKeyViolation(err) ?? checkViolation(err);
    const mapped = constraint === null ? undefined : hooks.constraintErrors?.[constraint];
    if (mapped) throw fieldErrors({ [mapped.field]: [mapped.message] });
    if (foreignKeyViolation(err) !== null) {
      const field = repo.references.find((f) => constraint?.includes(spec.columns[f.name]!.name)) ?? repo.references[0];
      if (field) throw fieldErrors({ [field.name]: [m.unknownReference(field.label)] });
    }
    throw err;
  }

  const prepare = (input: ResourceValues) => (hooks.prepare ? hooks.prepare(input) : input);

  async function read(id: number): Promise<ResourceRecord> {
    const record = await repo.find(db, id);
    if (!record) throw notFound();
    return record;
  }

  return {
    list: (query: ListQuery<typeof repo.list.declaration.spec>, currentUrl: string) => repo.page(db, query, currentUrl),
    stream: (query: ListQuery<typeof repo.list.declaration.spec>) => repo.stream(db, query),
    count: (query: ListQuery<typeof repo.list.declaration.spec>) => repo.count(db, query),

    read,

    available: (query: Record<string, unknown>) => repo.available(db, query),

    async create(actor: AuthUser, body: ResourceValues): Promise<ResourceRecord> {
      const input = prepare(body);
      await check(db, input, null);
      const id = await db
        .transaction(async (tx) => {
          const recordId = await repo.insert(tx, input);
          const created = (await repo.find(tx, recordId))!;
          await recordAudit(tx, {
            actor: auditActor(actor),
            action: 'create',
            resource,
            recordId,
            after: snapshot(created),
          });
          return recordId;
        })
        .catch(translateWriteError);
      return read(id);
    },

    /** Refused with 409 when `version` is not the record's (someone saved it since); 404 when it is gone. */
    async update(actor: AuthUser, id: number, body: ResourceValues & { version: number }): Promise<ResourceRecord> {
      const { version, ...values } = body;
      const input = prepare(values);
      const { after } = await db
        .transaction((tx) =>
          updateVersioned(tx, {
            target: spec,
            id,
            expectedVersion: version,
            read: (reader) => repo.find(reader, id),
            // The checks see the locked record, so they judge the change against what it replaces.
            write: async (writer, before) => {
              await check(writer, input, before);
              await repo.update(writer, id, input);
            },
            audit: { actor: auditActor(actor), action: 'update', resource, snapshot },
          }),
        )
        .catch(translateWriteError);
      return after;
    },

    /**
     * The field errors of one record's input as create (no `existing`) or update would answer them, without writing:
     * an import's preview checks each row with it. An empty object when it would pass.
     */
    async problems(executor: Executor, body: ResourceValues, existing: ResourceRecord | null): Promise<FieldErrors> {
      try {
        await check(executor, prepare(body), existing);
        return {};
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 400) return err.body as FieldErrors;
        throw err;
      }
    },

    /**
     * Updates `existing` at the version it was read, inside the caller's transaction (an import's apply writes every
     * row in one), audited as an update is; `detail` names the import. The row was checked by `problems` (the
     * preview); what may have changed since is guarded by the database: the version, and the unique indexes, foreign
     * keys and checks every rule of `check` stands on, so a write that would break one fails the whole transaction.
     */
    async updateIn(
      tx: Transaction,
      actor: AuditActor,
      body: ResourceValues,
      existing: { id: number; version: number },
      detail: Record<string, unknown>,
    ): Promise<void> {
      const input = prepare(body);
      await updateVersioned(tx, {
        target: spec,
        id: existing.id,
        expectedVersion: existing.version,
        read: (reader) => repo.find(reader, existing.id),
        write: (writer) => repo.update(writer, existing.id, input),
        audit: { actor, action: 'update', resource, snapshot, detail },
      });
    },

    /** New records inside the caller's transaction, as `updateIn` (checked by the preview): one insert and one read for all of them, an audit row each. */
    async createManyIn(
      tx: Transaction,
      actor: AuditActor,
      bodies: readonly ResourceValues[],
      detail: Record<string, unknown>,
    ): Promise<number[]> {
      const ids = await repo.insertMany(tx, bodies.map(prepare));
      for (const created of await repo.findMany(tx, ids)) {
        await recordAudit(tx, {
          actor,
          action: 'create',
          resource,
          recordId: created.id,
          after: snapshot(created),
          detail,
        });
      }
      return ids;
    },

    /** All or nothing: every id must exist, and none may be in use (checked inside the transaction). */
    async deleteMany(actor: AuthUser, pkList: readonly number[]): Promise<DeleteMultipleResponse> {
      const ids = [...new Set(pkList)].sort((a, b) => a - b);
      await db
        .transaction(async (tx) => {
          await lockRows(tx, spec, ids);
          const found = await repo.findMany(tx, ids);
          if (found.length !== ids.length) throw notFound();
          const used = await repo.usage(tx, usages, ids);
          if (used) throw conflict(m.inUse(used));
          await repo.deleteMany(tx, ids);
          for (const record of found) {
            await recordAudit(tx, {
              actor: auditActor(actor),
              action: 'delete',
              resource,
              recordId: record.id,
              before: snapshot(record),
            });
          }
        })
        .catch(async (err: unknown) => {
          // A row that started to use a record after the check: the foreign key refused the delete.
          if (foreignKeyViolation(err) === null) throw err;
          throw conflict(m.inUse((await repo.usage(db, usages, ids)) ?? definition.singular));
        });
      return { pkList: ids };
    },
  };
}

export type ResourceService = ReturnType<typeof createResourceService>;
