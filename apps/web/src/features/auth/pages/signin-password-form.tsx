import type { MfaChallenge } from '@dnx/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CaptchaWidget } from '../../../components/captcha-widget';
import { passkeysSupported } from '../../../lib/passkeys';
import { signInWithPasskey } from '../api/passkeys';
import type { TokenPair } from '../api/tokens';
import { AuthCard } from '../components/auth-card';
import { FormField } from '../../../components/form-field';
import { PasskeyButton } from '../../../components/second-factor';
import { useSigninForm } from './use-signin-form';

/** The first step of /signin: e-mail, password and captcha, or a passkey; the way to a forgotten password. */
export function SigninPasswordForm({
  onChallenge,
  enter,
  directories = null,
  showForm = true,
}: {
  onChallenge: (answer: MfaChallenge) => void;
  enter: (pair: TokenPair) => Promise<void>;
  /** The agency's directories (issue 59), above the form. */
  directories?: ReactNode;
  /** Off: the product's own passwords are for the break-glass administrator only, at ?local=1. */
  showForm?: boolean;
}) {
  const { t } = useTranslation();
  const { error, fieldErrors, submitting, emailInput, passwordInput, ...signin } = useSigninForm(onChallenge, enter);
  return (
    <AuthCard title={t('auth.signinTitle')} subtitle={t('auth.signinSubtitle')}>
      {error && (
        <div className="plain-alert plain-alert-error" role="alert" data-testid="signin-error">
          {error}
        </div>
      )}
      {directories}
      {directories && showForm && <p className="plain-divider">{t('directory.or')}</p>}
      {!showForm && (
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to="/signin?local=1">{t('directory.breakGlass')}</Link>
        </div>
      )}
      {showForm && (
        <form onSubmit={signin.onSubmit} noValidate>
          <FormField id="signin-email" label={t('auth.email')} error={fieldErrors.email}>
            <input
              ref={emailInput}
              id="signin-email"
              name="email"
              type="email"
              className="plain-input"
              autoComplete="username"
              inputMode="email"
              value={signin.email}
              aria-invalid={!!fieldErrors.email}
              onChange={(e) => signin.setEmail(e.target.value)}
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
              value={signin.password}
              aria-invalid={!!fieldErrors.password}
              onChange={(e) => signin.setPassword(e.target.value)}
            />
          </FormField>
          <div style={{ marginBottom: 24 }}>
            <CaptchaWidget key={signin.widgetKey} onToken={signin.onToken} />
          </div>
          <button
            type="submit"
            className="plain-button plain-button-primary plain-button-block"
            disabled={!signin.gtoken || submitting}
            aria-busy={submitting}
          >
            {submitting && <span className="plain-spinner" aria-hidden="true" />}
            {t('auth.signin')}
          </button>
        </form>
      )}
      {showForm && passkeysSupported() && (
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
