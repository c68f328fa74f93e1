import { noteReadPosition } from './live/read-position';
import { tokenStorage } from './token-storage';

/** A failed call: the HTTP status and the server's DRF-shaped body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    /** The server's id of the request (`X-Request-Id`): what a user quotes to support. */
    readonly requestId: string | null = null,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }

  /** The messages of one field (`{"email": ["..."]}`), or of `detail`. */
  fieldMessage(field: string): string | undefined {
    const value = this.body[field];
    if (Array.isArray(value)) return value.map(String).join(' ');
    return typeof value === 'string' ? value : undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a `FormData` sent as `multipart/form-data` (the browser writes its boundary). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Send the stored access token (default) or a given bearer (the reset token). */
  bearer?: 'session' | 'none' | { token: string };
  signal?: AbortSignal;
  /** Extra headers (an `Idempotency-Key` per user action). */
  headers?: Record<string, string>;
}

type SessionListener = () => void;
let onSessionExpired: SessionListener = () => {};

/** The router decides where a user goes when the session cannot be renewed; the client only reports it. */
export function setSessionExpiredListener(listener: SessionListener) {
  onSessionExpired = listener;
}

let refreshing: Promise<string | null> | null = null;

/** Runs `task` holding the browser-wide refresh lock (Web Locks), so tabs never spend one refresh token together. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('dnx-token-refresh', task) as Promise<T>) : task();
}

/**
 * One refresh call serves every request of this tab that found the access token expired at that moment; other
 * tabs wait for the same lock and take the tokens it stored instead of spending the rotated refresh token again.
 */
export function refreshAccessToken(): Promise<string | null> {
  const seen = tokenStorage.refresh;
  refreshing ??= withRefreshLock(async () => {
    const refresh = tokenStorage.refresh;
    if (!refresh) return null;
    // Another tab renewed the session while this one waited for the lock: its tokens are already stored.
    if (refresh !== seen && tokenStorage.access) return tokenStorage.access;
    try {
      const res = await fetch('/api/refresh/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!res.ok) return null;
      const tokens = (await res.json()) as { access: string; refresh?: string };
      tokenStorage.save(tokens.access, tokens.refresh);
      return tokens.access;
    } catch {
      return null;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function send(path: string, options: RequestOptions, accessToken: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  // The server answers its messages in the interface's language (i18n/index.ts keeps <html lang> on it).
  if (typeof document !== 'undefined' && document.documentElement.lang) {
    headers['accept-language'] = document.documentElement.lang;
  }
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  const bearer = options.bearer ?? 'session';
  if (bearer === 'session' && accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (typeof bearer === 'object') headers.authorization = `Bearer ${bearer.token}`;
  const res = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body:
      options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  // Where the live events stood when this read began: the tab's first stream resumes from there (issue 47).
  noteReadPosition(res.headers.get('x-live-position'));
  return res;
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { detail: text };
  }
}

/**
 * The one API client: JSON in and out, bearer header, refresh-and-retry on an expired access token. A session
 * call that is still refused after one refresh (expired session, user deactivated or removed) ends the session.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const sessionCall = (options.bearer ?? 'session') === 'session';
  const token = sessionCall ? tokenStorage.access : null;
  let res = await send(path, options, token);
  if (res.status === 401 && sessionCall && token) {
    const renewed = await refreshAccessToken();
    if (renewed) res = await send(path, options, renewed);
    if (!renewed || res.status === 401) {
      const body = (await parse(res)) as Record<string, unknown>;
      tokenStorage.clear();
      onSessionExpired();
      throw new ApiError(401, body, res.headers.get('x-request-id'));
    }
  }
  let data = await parse(res);
  // An action that asks for a fresh second factor: the screen's dialog asks for it, then the call goes again once.
  if (res.status === 403 && sessionCall && (data as { code?: unknown }).code === 'step_up_required' && stepUp) {
    if (await stepUp()) {
      res = await send(path, options, tokenStorage.access);
      data = await parse(res);
    }
  }
  if (!res.ok) throw new ApiError(res.status, (data ?? {}) as Record<string, unknown>, res.headers.get('x-request-id'));
  return data as T;
}

let stepUp: (() => Promise<boolean>) | null = null;
/**
 * Who asks the user for their second factor when an action needs a fresh one (403 `step_up_required`, issue 27):
 * resolves true once it is confirmed, false when the user gives up. Set by the signed-in shell.
 */
export function setStepUpHandler(handler: (() => Promise<boolean>) | null) {
  stepUp = handler;
}

/** A file the API answers (a receipt PDF) with the session's bearer, renewed once on an expired token. */
export async function apiBlob(path: string): Promise<Blob> {
  let res = await send(path, {}, tokenStorage.access);
  if (res.status === 401) {
    const renewed = await refreshAccessToken();
    if (renewed) res = await send(path, {}, renewed);
  }
  if (!res.ok)
    throw new ApiError(res.status, (await parse(res)) as Record<string, unknown>, res.headers.get('x-request-id'));
  return res.blob();
}

/**
 * The response of a session call as it arrives, for a body read in pieces (a report file streamed with its
 * progress): the bearer renewed once on an expired token, the session ended when it cannot be, and an error
 * answer thrown as `ApiError` like `apiRequest` does.
 */
export async function apiResponse(path: string, options: Pick<RequestOptions, 'query' | 'signal'> = {}) {
  const token = tokenStorage.access;
  let res = await send(path, { ...options, headers: { accept: '*/*' } }, token);
  if (res.status === 401 && token) {
    const renewed = await refreshAccessToken();
    if (renewed) res = await send(path, { ...options, headers: { accept: '*/*' } }, renewed);
    if (!renewed || res.status === 401) {
      const body = (await parse(res)) as Record<string, unknown>;
      tokenStorage.clear();
      onSessionExpired();
      throw new ApiError(401, body, res.headers.get('x-request-id'));
    }
  }
  if (!res.ok)
    throw new ApiError(res.status, (await parse(res)) as Record<string, unknown>, res.headers.get('x-request-id'));
  return res;
}
