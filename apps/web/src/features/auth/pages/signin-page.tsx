import type { MfaChallenge, SignInAnswer, SignInProviders } from '@dnx/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { queryClient } from '../../../app/query-client';
import { currentUserQuery } from '../../../lib/current-user';
import { directoryStartUrl, signInProviders } from '../api/directory';
import { isChallenge, type TokenPair } from '../api/tokens';
import { AuthCard } from '../components/auth-card';
import { DirectorySignIn } from '../components/directory-sign-in';
import { RecoveryCodesView, TotpEnrolmentForm } from '../../../components/second-factor';
import { SecondStep } from '../components/second-step';
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
export function SigninPage({ answer }: { answer?: SignInAnswer } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A directory's answer brought by /signin/directory: its second step at once, or (below) its tokens.
  const [step, setStep] = useState<SigninStep>(() =>
    answer && isChallenge(answer)
      ? { kind: answer.mfa, mfaToken: answer.mfa_token, methods: answer.methods }
      : { kind: 'password' },
  );
  const [directories, setDirectories] = useState<SignInProviders | null>(null);
  // ?local=1: the product's own form even where only a break-glass administrator uses it (issue 59).
  const local = new URLSearchParams(location.search).get('local') === '1';
  const next = nextFromSearch(location.search);

  useEffect(() => {
    if (answer) return;
    signInProviders()
      .then((found) => {
        if (found.auto_redirect && !local) window.location.assign(directoryStartUrl(found.auto_redirect, next));
        else setDirectories(found);
      })
      .catch(() => setDirectories(null));
  }, [answer, local, next]);

  /** Starts the session of `pair` and opens the screen the user came for. */
  const enter = async (pair: TokenPair) => {
    startSession(pair);
    await queryClient.fetchQuery(currentUserQuery);
    await navigate(nextFromSearch(location.search), { replace: true });
  };

  /** A directory's answer: the tokens, or the product's own second step. */
  const onAnswer = (given: SignInAnswer) => {
    if (isChallenge(given)) setStep({ kind: given.mfa, mfaToken: given.mfa_token, methods: given.methods });
    else void enter(given);
  };
  useEffect(() => {
    if (answer && !isChallenge(answer)) void enter(answer);
    // Once, with the answer the directory's page brought.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

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
  if (answer) return <AuthCard title={t('directory.finishing')}>{null}</AuthCard>;
  const providers = directories?.providers ?? [];
  const showForm = local || !directories || directories.local_form;
  return (
    <SigninPasswordForm
      showForm={showForm}
      onChallenge={(challenge) =>
        setStep({ kind: challenge.mfa, mfaToken: challenge.mfa_token, methods: challenge.methods })
      }
      enter={enter}
      directories={
        providers.length > 0 ? <DirectorySignIn providers={providers} next={next} onAnswer={onAnswer} /> : null
      }
    />
  );
}
