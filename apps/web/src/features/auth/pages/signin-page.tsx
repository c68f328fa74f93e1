import type { MfaChallenge } from '@dnx/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { queryClient } from '../../../app/query-client';
import { currentUserQuery } from '../../../lib/current-user';
import type { TokenPair } from '../api/tokens';
import { AuthCard } from '../components/auth-card';
import { RecoveryCodesView, SecondStep, TotpEnrolmentForm } from '../components/second-factor';
import { nextFromSearch, startSession } from '../session';
import { SigninPasswordForm } from './signin-password-form';

/** After the password: the second step, or the enrolment the user's group requires, then the recovery codes. */
type SigninStep =
  | { kind: 'password' }
  | { kind: 'verify' | 'enrol'; mfaToken: string; methods: MfaChallenge['methods'] }
  | { kind: 'codes'; codes: string[]; pair: TokenPair };

/**
 * /signin. Plain elements styled like the rest of the app rather than Ant Design: this page is the first
 * download and must stay within its budget; the rules come from the shared package either way.
 */
export function SigninPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<SigninStep>({ kind: 'password' });

  /** Starts the session of `pair` and opens the screen the user came for. */
  const enter = async (pair: TokenPair) => {
    startSession(pair);
    await queryClient.fetchQuery(currentUserQuery);
    await navigate(nextFromSearch(location.search), { replace: true });
  };

  if (step.kind === 'verify')
    return (
      <AuthCard title={t('auth.mfaTitle')}>
        <SecondStep mfaToken={step.mfaToken} methods={step.methods} onDone={enter} />
      </AuthCard>
    );
  if (step.kind === 'enrol')
    return (
      <AuthCard title={t('auth.mfaEnrolTitle')} subtitle={t('auth.mfaEnrolSubtitle')}>
        <TotpEnrolmentForm
          mfaToken={step.mfaToken}
          onDone={({ recovery_codes: codes, access, refresh }) =>
            setStep({ kind: 'codes', codes, pair: { access: access!, refresh: refresh! } })
          }
        />
      </AuthCard>
    );
  if (step.kind === 'codes')
    return (
      <AuthCard title={t('auth.mfaEnrolTitle')}>
        <RecoveryCodesView codes={step.codes} onContinue={() => void enter(step.pair)} />
      </AuthCard>
    );
  return (
    <SigninPasswordForm
      onChallenge={(answer) => setStep({ kind: answer.mfa, mfaToken: answer.mfa_token, methods: answer.methods })}
      enter={enter}
    />
  );
}
