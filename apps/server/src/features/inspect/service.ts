import type { InspectCheck } from '@dnx/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { takeInspectLimit, type CheckRulesConfig, type InspectRateConfig } from './check-rules';
import { recordChecks } from './checks';
import type { SigningKeys } from './signing-keys';
import { snapshotCursors } from './snapshot';
import { createSnapshotService, type SnapshotConfig } from './snapshot-service';

/**
 * The inspector's phone (issue 46): the signed snapshot of the marks, and the checks it sends back; each limited per
 * person (issue 56: INSPECT_RATE_LIMIT within INSPECT_RATE_WINDOW, the snapshot and the checks counted apart).
 */
export function createInspectService(
  db: Database,
  keys: SigningKeys,
  config: SnapshotConfig & CheckRulesConfig & InspectRateConfig & Pick<Config, 'mfaKey'>,
) {
  const snapshots = createSnapshotService(db, keys, snapshotCursors(config.mfaKey), config);
  return {
    snapshot: {
      async snapshot(actor: AuthUser, since: string | undefined) {
        await takeInspectLimit(db, config, 'inspect:snapshot', actor);
        return snapshots.snapshot(actor, since);
      },
      onAnswer: snapshots.onAnswer,
    },
    /** Records the checks a phone sends, each once, within their bounds. */
    async recordChecks(actor: AuthUser, checks: InspectCheck[]) {
      await takeInspectLimit(db, config, 'inspect:checks', actor);
      return recordChecks(db, actor, checks, config);
    },
  };
}
