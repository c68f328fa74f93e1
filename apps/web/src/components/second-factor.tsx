import type { RecoveryCodes, SecondFactorMethod, TotpEnrolment, WebauthnRequestOptions } from '@dnx/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { answerWithPasskey } from '../lib/passkeys';
import { confirmTotp, startTotp, type FactorInput } from '../lib/second-factor';
import { FormField } from './form-field';

/**
 * The second factor's forms (issue 27), which the sign-in, the step-up and the profile share, in the sign-in's light
 * elements (no Ant Design: the sign-in page keeps its budget): a passkey, a code or a recovery code, the enrolment of
 * an authenticator app, and the recovery codes shown once. The sign-in's own second step is auth's second-step.tsx.
 */

/** What a one-field confirmation asks for: the app's code, a recovery code, or the password (a step-up, issue 40). */
export type ConfirmField = 'code' | 'recovery_code' | 'password';

/** The message of a refused code: the server's words under the field, else the general one. */
function codeProblem(error: unknown, field: ConfirmField | 'webauthn'): string {
  if (!(error instanceof ApiError)) return String(error);
  // A passkey's answer refused in one of its parts names the part ("webauthn.response.signature").
  const part = Object.keys(error.body).find((key) => key.startsWith(`${field}.`));
  return (
    error.fieldMessage(field) ??
    (part ? error.fieldMessage(part) : undefined) ??
    error.fieldMessage('code') ??
    error.fieldMessage('detail') ??
    error.message
  );
}

/**
 * A button that runs a passkey ceremony (the browser asks for the passkey, the server checks its answer): busy
 * meanwhile; a refusal, or the user closing the browser's dialog, is shown above it.
 */
export function PasskeyButton({
  id,
  label,
  run,
  autoFocus = false,
}: {
  id: string;
  label: string;
  run: () => Promise<void>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (err) {
      setError(err instanceof ApiError ? codeProblem(err, 'webauthn') : t('auth.passkeyCancelled'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {error && (
        <div className="plain-alert plain-alert-error" role="alert" data-testid={`${id}-error`}>
          {error}
        </div>
      )}
      <button
        id={id}
        type="button"
        className="plain-button plain-button-block"
        onClick={() => void onClick()}
        disabled={busy}
        aria-busy={busy}
        autoFocus={autoFocus}
        data-testid={id}
      >
        {busy && <span className="plain-spinner" aria-hidden="true" />}
        {label}
      </button>
    </>
  );
}

/** One field and a button: a six-digit code, a recovery code or the password, submitted to `submit`. */
export function CodeForm({
  id,
  label,
  field = 'code',
  autoFocus = true,
  submit,
}: {
  id: string;
  label: string;
  field?: ConfirmField;
  autoFocus?: boolean;
  submit: (value: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // A password is sent as typed; a code loses the spaces around it.
      await submit(field === 'password' ? value : value.trim());
    } catch (err) {
      setError(codeProblem(err, field));
      setValue('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormField id={id} label={label} error={error}>
        <input
          ref={input}
          id={id}
          name={field}
          type={field === 'password' ? 'password' : 'text'}
          className="plain-input"
          autoComplete={field === 'password' ? 'current-password' : 'one-time-code'}
          inputMode={field === 'code' ? 'numeric' : 'text'}
          maxLength={{ code: 7, recovery_code: 20, password: 256 }[field]}
          value={value}
          aria-invalid={!!error}
          aria-describedby={`${id}-error`}
          onChange={(e) => setValue(e.target.value)}
          data-testid={id}
        />
      </FormField>
      <button
        type="submit"
        className="plain-button plain-button-primary plain-button-block"
        disabled={busy || value.trim() === ''}
        aria-busy={busy}
        data-testid={`${id}-submit`}
      >
        {busy && <span className="plain-spinner" aria-hidden="true" />}
        {t('auth.mfaConfirm')}
      </button>
    </form>
  );
}

/**
 * A second factor, by the methods the user has: a passkey (first, when there is one), the app's code, or a recovery
 * code. `submit` sends what was given; `passkeyOptions` asks the server for the challenge a passkey signs.
 */
export function FactorForm({
  idPrefix,
  methods,
  submit,
  passkeyOptions,
}: {
  idPrefix: string;
  methods: readonly SecondFactorMethod[];
  submit: (factor: FactorInput) => Promise<void>;
  passkeyOptions: () => Promise<WebauthnRequestOptions>;
}) {
  const { t } = useTranslation();
  const hasTotp = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');
  const [recovery, setRecovery] = useState(!hasTotp);
  return (
    <>
      {hasPasskey && (
        <>
          <PasskeyButton
            id={`${idPrefix}-passkey`}
            label={t('auth.passkeyUse')}
            autoFocus
            run={async () => submit({ webauthn: await answerWithPasskey(await passkeyOptions()) })}
          />
          <p className="plain-divider">{t('auth.or')}</p>
        </>
      )}
      <p>{recovery ? t('auth.mfaRecoverySubtitle') : t('auth.mfaSubtitle')}</p>
      <CodeForm
        key={recovery ? 'recovery' : 'code'}
        id={recovery ? `${idPrefix}-recovery-code` : `${idPrefix}-code`}
        label={recovery ? t('auth.mfaRecoveryCode') : t('auth.mfaCode')}
        field={recovery ? 'recovery_code' : 'code'}
        autoFocus={!hasPasskey}
        submit={(value) => submit(recovery ? { recovery_code: value } : { code: value })}
      />
      {hasTotp && (
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <button
            type="button"
            className="plain-link"
            onClick={() => setRecovery(!recovery)}
            data-testid={`${idPrefix}-toggle`}
          >
            {recovery ? t('auth.mfaUseCode') : t('auth.mfaUseRecovery')}
          </button>
        </div>
      )}
    </>
  );
}

/** The recovery codes, shown once, until the user says they are kept. */
export function RecoveryCodesView({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="mfa-recovery-codes">
      <h2 style={{ fontSize: 18 }}>{t('auth.mfaRecoveryTitle')}</h2>
      <p>{t('auth.mfaRecoveryText')}</p>
      <ul style={{ columns: 2, fontFamily: 'monospace', fontSize: 16, listStyle: 'none', padding: 0 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button
        type="button"
        className="plain-button plain-button-primary plain-button-block"
        onClick={onContinue}
        data-testid="mfa-recovery-saved"
      >
        {t('auth.mfaRecoverySaved')}
      </button>
    </div>
  );
}

/**
 * The enrolment of an authenticator app: its QR code and key, then its first code; `onDone` gets the recovery codes
 * (and, with `mfaToken`, the session's tokens).
 */
export function TotpEnrolmentForm({ mfaToken, onDone }: { mfaToken?: string; onDone: (codes: RecoveryCodes) => void }) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    startTotp(mfaToken).then(
      (started) => live && setEnrolment(started),
      (err: unknown) => live && setError(codeProblem(err, 'code')),
    );
    return () => {
      live = false;
    };
  }, [mfaToken]);
  if (error)
    return (
      <div className="plain-alert plain-alert-error" role="alert">
        {error}
      </div>
    );
  if (!enrolment) return <span className="plain-spinner" aria-label="…" />;
  return (
    <div data-testid="mfa-enrolment">
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`}
        alt={t('auth.mfaQr')}
        width={200}
        height={200}
        style={{ display: 'block', margin: '0 auto 16px' }}
      />
      <p>
        {t('auth.mfaSecret')}:{' '}
        <code style={{ wordBreak: 'break-all', userSelect: 'all' }} data-testid="mfa-secret">
          {enrolment.secret}
        </code>
      </p>
      <CodeForm
        id="mfa-enrol-code"
        label={t('auth.mfaCode')}
        submit={async (code) => onDone(await confirmTotp(code, mfaToken))}
      />
    </div>
  );
}
