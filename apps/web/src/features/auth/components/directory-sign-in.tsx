import type { SignInAnswer, SignInProviders } from '@dnx/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { directoryStartUrl, signInWithLdap } from '../api/directory';
import { FormField } from '../../../components/form-field';

type Provider = SignInProviders['providers'][number];
type Language = keyof Provider['name'];

/** A directory's own sign-in on this screen: its user name and password, checked by the directory's bind. */
function LdapForm({ provider, onAnswer }: { provider: Provider; onAnswer: (answer: SignInAnswer) => void }) {
  const { t, i18n } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      onAnswer(await signInWithLdap(provider.id, { username, password }));
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldMessage('detail') ?? err.message) : String(err));
    }
  };
  const id = `ldap-${provider.id}`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid={id}>
      <h2 className="plain-subtitle">{provider.name[i18n.language as Language] ?? provider.name.az}</h2>
      {error && (
        <div className="plain-alert plain-alert-error" role="alert">
          {error}
        </div>
      )}
      <FormField id={`${id}-username`} label={t('directory.username')}>
        <input
          id={`${id}-username`}
          className="plain-input"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-password`} label={t('directory.password')}>
        <input
          id={`${id}-password`}
          type="password"
          className="plain-input"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <button type="submit" className="plain-button plain-button-block" disabled={!username || !password}>
        {t('directory.ldapSubmit')}
      </button>
    </form>
  );
}

/** The sign-in screen's directories (issue 59): a button per OpenID Connect provider, a form per LDAP one. */
export function DirectorySignIn({
  providers,
  next,
  onAnswer,
}: {
  providers: Provider[];
  next: string;
  onAnswer: (answer: SignInAnswer) => void;
}) {
  const { i18n } = useTranslation();
  return (
    <div className="directory-sign-in" data-testid="directory-sign-in">
      {providers.map((provider) =>
        provider.type === 'oidc' ? (
          <a
            key={provider.id}
            className="plain-button plain-button-block"
            style={{ marginBottom: 8, textAlign: 'center', display: 'block' }}
            href={directoryStartUrl(provider.id, next)}
            data-testid={`sso-${provider.id}`}
          >
            {provider.name[i18n.language as Language] ?? provider.name.az}
          </a>
        ) : (
          <LdapForm key={provider.id} provider={provider} onAnswer={onAnswer} />
        ),
      )}
    </div>
  );
}
