import { mfaMessages, stepUpSeconds, type MfaStatus, type StepUp } from '@dnx/shared';
import type { Executor } from '../../db/client';
import type { AuditActor } from '../../lib/audit';
import { conflict, fieldErrors, HttpError } from '../../lib/http-errors';
import { factorEvent } from './factor-audit';
import { verifyFactor, verifyOwnPassword } from './factor-checks';
import type { FactorDeps } from './factor-deps';
import * as repo from './factor-repository';
import { factorStatus } from './factor-status';

/**
 * The 403 of an action that asks for a fresh second factor (or, of a user who has none, the password); the client
 * asks for it and sends the action again.
 */
export const stepUpRequired = (hasFactor = true) =>
  new HttpError(403, {
    detail: hasFactor ? mfaMessages.stepUpRequired : mfaMessages.passwordStepUpRequired,
    code: 'step_up_required',
  });

/**
 * Who must confirm: `factor` asks only a user who has a second factor (paying, annulling; a user without one met their
 * group's rule at sign-in); `everyone` asks every user, the password standing in for a factor they do not have
 * (acting on another account, adding a factor: issue 40).
 */
export type StepUpScope = 'factor' | 'everyone';

/** For an action that asks a fresh confirmation (see `requireStepUp`). */
export async function checkStepUp(
  state: repo.MfaState,
  sessionId: number,
  executor: Executor,
  scope: StepUpScope = 'factor',
) {
  if (!state.any && scope === 'factor') return;
  const at = await repo.steppedUpAt(executor, sessionId);
  if (!at || Date.now() - at.getTime() > stepUpSeconds * 1000) throw stepUpRequired(state.any);
}

/**
 * Confirms the factor for this session, or the password of a user who has none: the actions that ask for it work
 * for `stepUpSeconds`.
 */
export async function stepUp(
  deps: FactorDeps,
  user: AuditActor,
  sessionId: number,
  answer: StepUp,
): Promise<MfaStatus> {
  const { db } = deps;
  const state = await repo.mfaState(db, user.id);
  if (answer.password !== undefined) {
    if (state.any) throw fieldErrors({ password: [mfaMessages.factorNotPassword] });
    await verifyOwnPassword(deps, user, answer.password);
  } else {
    if (!state.any) throw conflict(mfaMessages.notEnrolled);
    await verifyFactor(deps, user, answer, 'step-up');
  }
  await repo.markSteppedUp(db, sessionId);
  await factorEvent(db, user, 'mfa_step_up', 'success');
  return factorStatus(deps, user.id, sessionId);
}

/**
 * For an action that asks for a fresh second factor: the user must have confirmed it (or, under `everyone`,
 * their password when they have none) in this session within `stepUpSeconds` (403 `step_up_required`
 * otherwise). Under `factor` a user without one passes (their group's requirement is met at sign-in). Inside a
 * transaction, `executor` is that transaction (the embedded database has one connection).
 */
export async function requireStepUp(
  userId: number,
  sessionId: number,
  executor: Executor,
  scope: StepUpScope = 'factor',
): Promise<void> {
  await checkStepUp(await repo.mfaState(executor, userId), sessionId, executor, scope);
}
