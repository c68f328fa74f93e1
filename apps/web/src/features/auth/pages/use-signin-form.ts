import { authMessages, signinEmailProblem, signinPasswordProblem, type MfaChallenge } from '@dnx/shared';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { takeFlash } from '../../../lib/flash';
import { isChallenge, obtainTokens, type TokenPair } from '../api/tokens';
import { clearSession } from '../session';

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
 * The sign-in form's state: the fields checked by the shared rules, the captcha's token, and a failure that empties
 * the form, renews the captcha and shows its message for a few seconds.
 */
export function useSigninForm(onChallenge: (answer: MfaChallenge) => void, enter: (pair: TokenPair) => Promise<void>) {
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
      if (isChallenge(answer)) onChallenge(answer);
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

  return {
    email,
    setEmail,
    password,
    setPassword,
    fieldErrors,
    gtoken,
    widgetKey,
    error,
    submitting,
    onToken,
    emailInput,
    passwordInput,
    onSubmit,
  };
}
