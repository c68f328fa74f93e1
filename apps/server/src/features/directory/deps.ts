import type { DirectoryProvider } from '@dnx/shared';
import type { AuthServiceDeps, SecretBox } from '../auth';
import type { OidcClients } from './oidc-client';

/** What the directory's operations are built from: the sign-in's own deps, the secrets' box, the clients. */
export interface DirectoryDeps extends AuthServiceDeps {
  box: SecretBox;
  oidc: OidcClients;
  /** The configured provider of `id`, or null. */
  provider(id: string): DirectoryProvider | null;
}

/** Where the provider sends the browser back: one address for every provider (the pending login names it). */
export const callbackUrl = (origin: string) => `${origin}/api/auth/directory/callback/`;

/** The web's page that finishes a directory sign-in, or says why it did not. */
export const finishPage = (origin: string, query: Record<string, string>) =>
  `${origin}/signin/directory?${new URLSearchParams(query).toString()}`;

/** A path of this app to go back to (never another site). */
export const safeNext = (next: string | undefined) =>
  next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next.slice(0, 500) : '/';
