import type { InspectCheck } from '@dnx/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { recordChecks } from './checks';
import type { SigningKeys } from './signing-keys';
import { createSnapshotService } from './snapshot';

/** The inspector's phone (issue 46): the signed snapshot of the marks, and the checks it sends back. */
export function createInspectService(
  db: Database,
  keys: SigningKeys,
  config: Pick<Config, 'INSPECT_SNAPSHOT_MAX_AGE'>,
) {
  return {
    snapshot: createSnapshotService(db, keys, config.INSPECT_SNAPSHOT_MAX_AGE),
    /** Records the checks a phone sends, each once. */
    recordChecks: (actor: AuthUser, checks: InspectCheck[]) => recordChecks(db, actor, checks),
  };
}
