import { resourceMessages as m, type DeleteMultipleResponse, type ResourceRecord } from '@dnx/shared';
import type { Database } from '../../db/client';
import { recordAudit, type AuditSnapshot } from '../../lib/audit';
import { foreignKeyViolation } from '../../lib/db-errors';
import { auditActor } from '../../lib/grants';
import { conflict, notFound } from '../../lib/http-errors';
import { lockRows } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import type { ResourceRepository } from './repository';
import type { ResourceSpec, Usage } from './resource-spec';

/** All or nothing: every id must exist, and none may be in use (checked inside the transaction); each audited. */
export async function deleteResources(
  {
    db,
    spec,
    repo,
    usages,
    snapshot,
  }: {
    db: Database;
    spec: ResourceSpec;
    repo: ResourceRepository;
    usages: readonly Usage[];
    snapshot: (record: ResourceRecord) => AuditSnapshot;
  },
  actor: AuthUser,
  pkList: readonly number[],
): Promise<DeleteMultipleResponse> {
  const resource = spec.definition.permission;
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
      throw conflict(m.inUse((await repo.usage(db, usages, ids)) ?? spec.definition.singular));
    });
  return { pkList: ids };
}
