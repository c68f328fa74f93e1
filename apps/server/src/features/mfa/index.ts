// What other features may use of this one (issue 42): lint refuses an import of its inside from another feature.
export { createChallenge, findChallenge, mfaState, purgeChallenges, useChallenge } from './repository';
export { challengeToken, sha256 } from './secrets';
export type { MfaService } from './service';
