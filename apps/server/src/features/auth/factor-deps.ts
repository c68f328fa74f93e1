import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { secretBox } from './factor-secrets';
import type { createPasskeyCeremonies } from './passkeys';

/** What the second factor's operations are built from: the database, the settings, the secrets' box, the ceremonies. */
export interface FactorDeps {
  db: Database;
  config: Config;
  box: ReturnType<typeof secretBox>;
  passkeys: ReturnType<typeof createPasskeyCeremonies>;
}
