import { homePath } from '@dnx/shared';
import { queryClient } from '../../app/query-client';
import { refreshAccessToken } from '../../lib/api-client';
// The bus alone: the live barrel would bring the stream's hooks and the shared event schemas (zod) into the first download.
import { stopLiveStream } from '../../lib/live/bus';
import { tokenStorage } from '../../lib/token-storage';
import { logout, verifyToken, type TokenPair } from './api/tokens';

/** Where the user first tried to go in this tab; kept in memory only (only tokens survive a reload). */
let initialUrl: string | null = null;

export function rememberInitialUrl(url: string) {
  initialUrl ??= url;
}

/** The remembered initial URL, or the landing page when it is empty, / or /signin (spec section 2). */
export function landingUrl(): string {
  if (!initialUrl || initialUrl === '/' || initialUrl.startsWith('/signin')) return homePath;
  return initialUrl;
}

/** A safe in-app path from `?next=`; anything else falls back to the landing page. */
export function nextFromSearch(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/app') ? next : landingUrl();
}

export function signinUrl(next?: string): string {
  return next ? `/signin?next=${encodeURIComponent(next)}` : '/signin';
}

export function startSession(tokens: TokenPair) {
  tokenStorage.save(tokens.access, tokens.refresh);
}

/** Verifies the stored access token, renewing it once with the refresh token when it has expired. */
export async function verifyStoredSession(): Promise<boolean> {
  const access = tokenStorage.access;
  if (!access) return false;
  if (await verifyToken(access)) return true;
  const renewed = await refreshAccessToken();
  return renewed !== null && (await verifyToken(renewed));
}

/** Clears everything the session held: storage, cached user and data, the remembered initial URL. */
export function clearSession() {
  // The event stream closes with the session, before the next person signs in on this tab (issue 47).
  stopLiveStream();
  tokenStorage.clear();
  queryClient.clear();
  initialUrl = null;
  // The inspector's offline snapshot goes with the session (its own chunk, loaded only now).
  void import('../inspect').then((inspect) => inspect.forgetSnapshot()).catch(() => undefined);
}

export async function signOut() {
  try {
    if (tokenStorage.access) await logout();
  } catch {
    // The server may already have ended the session; signing out locally is what matters.
  }
  clearSession();
}
