// What other features may use of this one (issue 42): lint refuses an import of its inside from another feature.
// Auth is one room: sign-in, the second step and the factors, tokens, sessions and password recovery.
export { publicLookupLimit } from './lookup-limit';
export { loadActor, setPassword, spendUserResetTokens } from './repository';
export { purgeChallenges } from './factor-repository';
export { createSession, revokeOtherSessions, revokeUserSessions } from './session-repository';
