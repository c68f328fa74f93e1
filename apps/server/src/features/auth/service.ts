import {
  authApiMessages,
  type CurrentUserResponse,
  type MfaStep,
  type RecoveryCodes,
  type ResetPasswordRequest,
  type SignInAnswer,
  type TokenObtainRequest,
  type TokenPair,
  type TotpEnrolment,
  type WebauthnRequestOptions,
} from '@dnx/shared';
import type { AuthUser } from '../../plugins/auth';
import type { AuthServiceDeps } from './auth-deps';
import { currentUser } from './current-user';
import { logout } from './logout';
import { passkeySignIn } from './passkey-sign-in';
import { forgotPassword } from './password-forgot';
import { resetPassword } from './password-reset';
import { enrolConfirm, enrolStart, secondStep, secondStepOptions } from './second-step';
import { signIn } from './sign-in';
import { refresh } from './token-refresh';
import { verifyToken } from './token-verify';

export type { AuthServiceDeps } from './auth-deps';

/**
 * Sign-in, composed of its rooms (issue 42): the password (sign-in.ts), the second step and the enrolment a group
 * requires (second-step.ts), a passkey alone (passkey-sign-in.ts), the tokens (token-verify.ts, token-refresh.ts),
 * the signed-in user (current-user.ts), sign-out (logout.ts) and password recovery (password-forgot.ts,
 * password-reset.ts). The factors themselves are factor-service.ts; the sessions' queries session-repository.ts.
 */
export function createAuthService(deps: AuthServiceDeps) {
  return {
    signIn: (input: TokenObtainRequest, clientAddress: string): Promise<SignInAnswer> =>
      signIn(deps, input, clientAddress),
    secondStep: (input: MfaStep): Promise<TokenPair> => secondStep(deps, input),
    secondStepOptions: (token: string): Promise<WebauthnRequestOptions> => secondStepOptions(deps, token),
    passkeySignIn: (input: { webauthn?: MfaStep['webauthn'] }, clientAddress: string) =>
      passkeySignIn(deps, input, clientAddress),
    enrolStart: (token: string): Promise<TotpEnrolment> => enrolStart(deps, token),
    enrolConfirm: (token: string, code: string): Promise<RecoveryCodes> => enrolConfirm(deps, token, code),
    verify: (token: string): Promise<void> => verifyToken(deps, token),
    refresh: (refreshToken: string): Promise<TokenPair> => refresh(deps, refreshToken),
    currentUser: (user: AuthUser): CurrentUserResponse => currentUser(user),
    logout: (user: AuthUser, refreshToken?: string): Promise<void> => logout(deps, user, refreshToken),
    forgotPassword: (email: string, clientAddress: string): Promise<void> => forgotPassword(deps, email, clientAddress),
    resetPassword: (input: ResetPasswordRequest, bearer: string | undefined): Promise<void> =>
      resetPassword(deps, input, bearer),
    messages: { forgotPasswordSent: authApiMessages.forgotPasswordSent, passwordReset: authApiMessages.passwordReset },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
