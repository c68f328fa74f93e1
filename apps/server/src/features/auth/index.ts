// What other features may use of this one (issue 42): lint refuses an import of its inside from another feature.
// Auth is one room: sign-in, the second step and the factors, tokens, sessions and password recovery.
export { publicLookupLimit } from './lookup-limit';
export { loadActor, setPassword, spendUserResetTokens } from './repository';
export { purgeChallenges } from './factor-repository';
export { createSession, revokeOtherSessions, revokeUserSessions } from './session-repository';
// The directory's sign-in (issue 59) ends in the same session, second step and audit as the password's.
export type { AuthServiceDeps, DirectoryHooks } from './auth-deps';
export { completeSignIn } from './session-start';
export { challenge } from './mfa-challenge';
export { findChallenge, mfaState, markSteppedUp } from './factor-repository';
export { secretBox, sha256, type SecretBox } from './factor-secrets';
export { revokeSession } from './session-repository';
export { localPasswordAllowed, signInFailed } from './sign-in';
