import { authMessages, signinEmailProblem, signinPasswordProblem, type MfaChallenge } from '@dnx/shared';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { queryClient } from '../../../app/query-client';
import { ApiError } from '../../../lib/api-client';
import { takeFlash } from '../../../lib/flash';
import { currentUserQuery } from '../../../lib/current-user';
import { passkeysSupported, signInWithPasskey } from '../api/passkeys';
import { isChallenge, obtainTokens, type TokenPair } from '../api/tokens';
import { AuthCard } from '../components/auth-card';
import { CaptchaWidget } from '../../../components/captcha-widget';
import { FormField } from '../components/form-field';
import { PasskeyButton, RecoveryCodesView, SecondStep, TotpEnrolmentForm } from '../components/second-factor';
import { clearSession, nextFromSearch, startSession } from '../session';

/** How long a failed sign-in's message stays (spec section 4). */
const errorVisibleMs = 3_000;

function signinError(error: unknown): string {
  if (error instanceof ApiError && error.status !== 401) {
    return error.fieldMessage('gtoken') ?? error.fieldMessage('detail') ?? authMessages.wrongCredentials;
  }
  return authMessages.wrongCredentials;
}

interface FieldErrors {
  email?: string | null;
  password?: string | null;
}

/**
 * /signin. Plain elements styled like the rest of the app rather than Ant Design: this page is the first
 * download and must stay within its budget; the rules come from the shared package either way.
 */
export function SigninPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [gtoken, setGtoken] = useState<string | null>(null);
  const [widgetKey, setWidgetKey] = useState(0);
  // A message handed over by the previous screen (a failed session check) shows like a failed sign-in.
  const [error, setError] = useState<string | null>(takeFlash);
  const [submitting, setSubmitting] = useState(false);
  const onToken = useCallback((token: string | null) => setGtoken(token), []);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), errorVisibleMs);
    return () => clearTimeout(timer);
  }, [error]);

  // After the password: the second step, or the enrolment the user's group requires, then the recovery codes.
  const [step, setStep] = useState<
    | { kind: 'password' }
    | { kind: 'verify' | 'enrol'; mfaToken: string; methods: MfaChallenge['methods'] }
    | { kind: 'codes'; codes: string[]; pair: TokenPair }
  >({ kind: 'password' });

  /** Starts the session of `pair` and opens the screen the user came for. */
  const enter = async (pair: TokenPair) => {
    startSession(pair);
    await queryClient.fetchQuery(currentUserQuery);
    await navigate(nextFromSearch(location.search), { replace: true });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = { email: signinEmailProblem(email), password: signinPasswordProblem(password) };
    setFieldErrors(problems);
    // The first field in error takes the focus, as in every form of the app.
    if (problems.email) emailInput.current?.focus();
    else if (problems.password) passwordInput.current?.focus();
    if (problems.email || problems.password || !gtoken) return;
    setSubmitting(true);
    try {
      const answer = await obtainTokens({ email: email.trim(), password, gtoken });
      if (isChallenge(answer)) setStep({ kind: answer.mfa, mfaToken: answer.mfa_token, methods: answer.methods });
      else await enter(answer);
    } catch (err) {
      // Back to the first state: empty form, a fresh widget, the message for a few seconds.
      clearSession();
      setEmail('');
      setPassword('');
      setGtoken(null);
      setWidgetKey((k) => k + 1);
      setError(signinError(err));
      // The emptied form starts again at its first field; the message is announced as an alert.
      emailInput.current?.focus();
    } finally {
      setSubmitting(false);
    }
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
    <AuthCard title={t('auth.signinTitle')} subtitle={t('auth.signinSubtitle')}>
      {error && (
        <div className="plain-alert plain-alert-error" role="alert" data-testid="signin-error">
          {error}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <FormField id="signin-email" label={t('auth.email')} error={fieldErrors.email}>
          <input
            ref={emailInput}
            id="signin-email"
            name="email"
            type="email"
            className="plain-input"
            autoComplete="username"
            inputMode="email"
            value={email}
            aria-invalid={!!fieldErrors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <FormField id="signin-password" label={t('auth.password')} error={fieldErrors.password}>
          <input
            ref={passwordInput}
            id="signin-password"
            name="password"
            type="password"
            className="plain-input"
            autoComplete="current-password"
            value={password}
            aria-invalid={!!fieldErrors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <div style={{ marginBottom: 24 }}>
          <CaptchaWidget key={widgetKey} onToken={onToken} />
        </div>
        <button
          type="submit"
          className="plain-button plain-button-primary plain-button-block"
          disabled={!gtoken || submitting}
          aria-busy={submitting}
        >
          {submitting && <span className="plain-spinner" aria-hidden="true" />}
          {t('auth.signin')}
        </button>
      </form>
      {passkeysSupported() && (
        <>
          <p className="plain-divider">{t('auth.or')}</p>
          <PasskeyButton
            id="signin-passkey"
            label={t('auth.passkeySignIn')}
            run={async () => enter(await signInWithPasskey())}
          />
        </>
      )}
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/forget-password">{t('auth.forgotLink')}</Link>
      </div>
    </AuthCard>
  );
}
