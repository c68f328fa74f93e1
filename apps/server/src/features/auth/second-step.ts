import type { MfaStep, RecoveryCodes, TokenPair, TotpEnrolment, WebauthnRequestOptions } from '@dnx/shared';
import type { AuthServiceDeps } from './auth-deps';
import { challenged, finishChallenge } from './mfa-challenge';

/** POST /api/token/mfa/: the second step, a code, a passkey's answer or a recovery code, then the tokens. */
export async function secondStep(deps: AuthServiceDeps, input: MfaStep): Promise<TokenPair> {
  const { challengeId, user } = await challenged(deps.db, input.mfa_token, 'verify');
  const method = await deps.mfa.verify(user, input, 'sign-in');
  return finishChallenge(deps, challengeId, user, { mfa: method });
}

/** POST /api/token/mfa/webauthn/: the challenge a passkey of the user signs for the second step. */
export async function secondStepOptions(deps: AuthServiceDeps, token: string): Promise<WebauthnRequestOptions> {
  const { user } = await challenged(deps.db, token, 'verify');
  return deps.mfa.assertionOptions(user.id);
}

/** POST /api/user/mfa/totp/ with the enrolment a group requires: the secret for the app. */
export async function enrolStart(deps: AuthServiceDeps, token: string): Promise<TotpEnrolment> {
  const { user } = await challenged(deps.db, token, 'enrol');
  return deps.mfa.startTotp(user);
}

/** POST /api/user/mfa/totp/confirm/ of that enrolment: the recovery codes and, at last, the tokens. */
export async function enrolConfirm(deps: AuthServiceDeps, token: string, code: string): Promise<RecoveryCodes> {
  const { challengeId, user } = await challenged(deps.db, token, 'enrol');
  const codes = await deps.mfa.confirmTotp(user, code);
  return { ...codes, ...(await finishChallenge(deps, challengeId, user, { mfa: 'enrolled' })) };
}
