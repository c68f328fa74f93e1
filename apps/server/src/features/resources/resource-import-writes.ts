import type { ResourceRecord } from '@dnx/shared';
import type { Transaction } from '../../db/client';
import { recordAudit, type AuditActor, type AuditSnapshot } from '../../lib/audit';
import { updateVersioned } from '../../lib/versioned-update';
import type { ResourceRepository } from './repository';
import type { ResourceSpec, ResourceValues } from './resource-spec';

/** What an import's writes of a resource need: its spec and repository, its input's preparation and audit snapshot. */
interface Writer {
  spec: ResourceSpec;
  repo: ResourceRepository;
  prepare: (input: ResourceValues) => ResourceValues;
  snapshot: (record: ResourceRecord) => AuditSnapshot;
}

/**
 * Updates `existing` at the version it was read, inside the caller's transaction (an import's apply writes every
 * row in one), audited as an update is; `detail` names the import. The row was checked by `problems` (the
 * preview); what may have changed since is guarded by the database: the version, and the unique indexes, foreign
 * keys and checks every rule of `check` stands on, so a write that would break one fails the whole transaction.
 */
export async function updateResourceIn(
  { spec, repo, prepare, snapshot }: Writer,
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
    audit: { actor, action: 'update', resource: spec.definition.permission, snapshot, detail },
  });
}

/** New records inside the caller's transaction, as `updateIn` (checked by the preview): one insert and one read for all of them, an audit row each. */
export async function createResourcesIn(
  { spec, repo, prepare, snapshot }: Writer,
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
      resource: spec.definition.permission,
      recordId: created.id,
      after: snapshot(created),
      detail,
    });
  }
  return ids;
}
