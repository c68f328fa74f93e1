import type { ResourceRecord } from '@dnx/shared';
import type { Database, Executor } from '../../db/client';
import { recordAudit, type AuditActor, type AuditSnapshot } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { notFound } from '../../lib/http-errors';
import type { ListQuery } from '../../lib/list/list-query';
import type { Transaction } from '../../db/client';
import { updateVersioned } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import type { ResourceRepository } from './repository';
import { deleteResources } from './resource-delete';
import { createResourcesIn, updateResourceIn } from './resource-import-writes';
import { checkResource, resourceProblems, translateResourceWriteError } from './resource-rules';
import type { ResourceSpec, ResourceValues, Usage } from './resource-spec';

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

  const check = (executor: Executor, input: ResourceValues, existing: ResourceRecord | null) =>
    checkResource(spec, repo, executor, input, existing);
  const translateWriteError = (err: unknown): never => translateResourceWriteError(spec, repo, err);

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
    problems: (executor: Executor, body: ResourceValues, existing: ResourceRecord | null) =>
      resourceProblems(spec, repo, executor, prepare(body), existing),

    /** An import's writes, inside its transaction (resource-import-writes.ts). */
    updateIn: (
      tx: Transaction,
      actor: AuditActor,
      body: ResourceValues,
      existing: { id: number; version: number },
      detail: Record<string, unknown>,
    ) => updateResourceIn({ spec, repo, prepare, snapshot }, tx, actor, body, existing, detail),
    createManyIn: (
      tx: Transaction,
      actor: AuditActor,
      bodies: readonly ResourceValues[],
      detail: Record<string, unknown>,
    ) => createResourcesIn({ spec, repo, prepare, snapshot }, tx, actor, bodies, detail),

    /** All or nothing: every id must exist, and none may be in use (checked inside the transaction). */
    deleteMany: (actor: AuthUser, pkList: readonly number[]) =>
      deleteResources({ db, spec, repo, usages, snapshot }, actor, pkList),
  };
}

export type ResourceService = ReturnType<typeof createResourceService>;
