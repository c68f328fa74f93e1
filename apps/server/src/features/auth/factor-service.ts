import type {
  SecondFactor,
  WebauthnCreationOptions,
  WebauthnRegistration,
  WebauthnRequestOptions,
  StepUp,
} from '@dnx/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { AuditActor } from '../../lib/audit';
import { verifyFactor } from './factor-checks';
import type { FactorDeps } from './factor-deps';
import * as repo from './factor-repository';
import { resetFactors } from './factor-reset';
import { secretBox } from './factor-secrets';
import { factorStatus } from './factor-status';
import { registerPasskey, removePasskey } from './passkey-factor';
import { createPasskeyCeremonies } from './passkeys';
import { regenerateRecoveryCodes } from './recovery-codes';
import { requireStepUp, stepUp, type StepUpScope } from './step-up';
import { confirmTotp, removeTotp, startTotp } from './totp';

export { stepUpRequired, type StepUpScope } from './step-up';

/**
 * The second factor (issue 27), composed of its rooms: the checks of a code, a passkey or a recovery code
 * (factor-checks.ts), the authenticator app (totp.ts), passkeys (passkey-factor.ts, the ceremonies in passkeys.ts),
 * recovery codes (recovery-codes.ts), step-up (step-up.ts), what a user has (factor-status.ts) and an
 * administrator's reset (factor-reset.ts). Every enrolment, use, failure, reset and recovery is an audit event;
 * codes are limited per account as sign-in is.
 */
export function createMfaService({ db, config }: { db: Database; config: Config }) {
  const deps: FactorDeps = {
    db,
    config,
    box: secretBox(config.mfaKey),
    passkeys: createPasskeyCeremonies({ db, config }),
  };
  const { passkeys } = deps;
  return {
    verify: (user: AuditActor, factor: SecondFactor, purpose: string) => verifyFactor(deps, user, factor, purpose),
    status: (userId: number, sessionId: number | null) => factorStatus(deps, userId, sessionId),
    startTotp: (user: AuditActor, sessionId?: number) => startTotp(deps, user, sessionId),
    confirmTotp: (user: AuditActor, code: string) => confirmTotp(deps, user, code),
    /** The options of a new passkey (the route asks a fresh second factor of a user who has one). */
    registrationOptions: (user: AuditActor): Promise<WebauthnCreationOptions> => passkeys.registrationOptions(user),
    registerPasskey: (user: AuditActor, name: string, credential: WebauthnRegistration) =>
      registerPasskey(deps, user, name, credential),
    /** The challenge a passkey of the user signs: the sign-in's second step, or a step-up. */
    assertionOptions: (userId: number): Promise<WebauthnRequestOptions> => passkeys.assertionOptions(userId),
    /** A sign-in with a passkey alone: the challenge (any passkey of this site), then its user when the answer holds. */
    passwordlessOptions: (): Promise<WebauthnRequestOptions> => passkeys.assertionOptions(null),
    passwordlessUser: (credential: SecondFactor['webauthn'] & object) => passkeys.assert(credential, null),
    regenerateRecoveryCodes: (user: AuditActor, sessionId: number) => regenerateRecoveryCodes(deps, user, sessionId),
    stepUp: (user: AuditActor, sessionId: number, answer: StepUp) => stepUp(deps, user, sessionId, answer),
    requireStepUp: (userId: number, sessionId: number, executor: Executor = db, scope: StepUpScope = 'factor') =>
      requireStepUp(userId, sessionId, executor, scope),
    /** Whether the user has a second factor of their own. */
    hasFactor: async (userId: number, executor: Executor = db) => (await repo.mfaState(executor, userId)).any,
    /**
     * A group's "second factor required" switched on, or a user put in such a group: the sessions of those who have
     * no factor end at once (in `executor`, the change's transaction), so they meet it at their next sign-in.
     */
    endSessionsLackingFactor: (executor: Executor, of: { groupId: number } | { userId: number }) =>
      repo.revokeSessionsLackingFactor(executor, of),
    removeTotp: (user: AuditActor, sessionId: number) => removeTotp(deps, user, sessionId),
    removePasskey: (user: AuditActor, sessionId: number, id: number) => removePasskey(deps, user, sessionId, id),
    reset: (admin: AuditActor, target: AuditActor) => resetFactors(deps, admin, target),
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
