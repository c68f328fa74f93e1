import { directoryErrorMessages, type DirectoryError, type SignInAnswer } from '@dnx/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { finishDirectorySignIn } from '../api/directory';
import { AuthCard } from '../components/auth-card';
import { SigninPage } from './signin-page';

/**
 * /signin/directory (issue 59): where a directory's sign-in comes back. A one-time code becomes the tokens (or the
 * product's own second step, on the sign-in page's steps); a refusal or an unreachable directory is said in words,
 * with the way back to the sign-in (and the break-glass administrator's form).
 */
export function SigninDirectoryPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  const error = query.get('error') as DirectoryError | null;
  const next = query.get('next') ?? '/';
  const [answer, setAnswer] = useState<SignInAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (query.get('stepped_up') === '1') void navigate(next, { replace: true });
    else if (code)
      finishDirectorySignIn(code)
        .then(setAnswer)
        .catch((err: unknown) =>
          setFailure(err instanceof ApiError ? (err.fieldMessage('detail') ?? err.message) : String(err)),
        );
    // Once per code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  useEffect(() => {
    const text = error ? (directoryErrorMessages[error] ?? directoryErrorMessages.refused) : null;
    if (!text) return;
    void import('../../../i18n/message-translator').then(({ translateMessage }) =>
      setMessage(translateMessage(text, i18n.language as 'az' | 'en' | 'ru')),
    );
  }, [error, i18n.language]);

  if (answer) return <SigninPage answer={answer} />;
  const shown = failure ?? message;
  return (
    <AuthCard title={shown ? t('auth.signinTitle') : t('directory.finishing')}>
      {shown && (
        <div
          className="plain-alert plain-alert-error"
          role="alert"
          data-testid={`directory-error-${error ?? 'handoff'}`}
        >
          {shown}
        </div>
      )}
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/signin?local=1">{t('directory.backToSignin')}</Link>
      </div>
    </AuthCard>
  );
}
