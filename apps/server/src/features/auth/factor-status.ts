import type { MfaStatus } from '@dnx/shared';
import type { FactorDeps } from './factor-deps';
import * as repo from './factor-repository';
import { passkeyView } from './passkeys';

/** GET /api/user/mfa/: what the user has, and when it was last confirmed in this session. */
export async function factorStatus({ db }: FactorDeps, userId: number, sessionId: number | null): Promise<MfaStatus> {
  const state = await repo.mfaState(db, userId);
  const at = sessionId === null ? null : await repo.steppedUpAt(db, sessionId);
  return {
    totp: state.totp,
    passkeys: (await repo.listPasskeys(db, userId)).map(passkeyView),
    recovery_codes_left: state.recoveryLeft,
    required: state.required,
    passkey_sign_in: state.passkeySignIn,
    stepped_up_at: at?.toISOString() ?? null,
  };
}
