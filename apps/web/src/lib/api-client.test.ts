import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setSessionExpiredListener } from './api-client';
import { tokenStorage } from './token-storage';

/** A tiny stand-in for the browser's storage, so the client's rules can be checked without a page. */
class MemoryStorage {
  private values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client session handling', () => {
  let refreshCalls: number;
  let refreshWorks: boolean;
  let expired: number;

  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    refreshCalls = 0;
    refreshWorks = true;
    expired = 0;
    setSessionExpiredListener(() => {
      expired += 1;
    });
    tokenStorage.save('old-access', 'old-refresh');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/refresh/') {
          refreshCalls += 1;
          await new Promise((r) => setTimeout(r, 20));
          return refreshWorks ? json(200, { access: 'new-access', refresh: 'new-refresh' }) : json(401, {});
        }
        const auth = (init.headers as Record<string, string>).authorization;
        if (auth === 'Bearer new-access' || auth === 'Bearer tab2-access') return json(200, { url });
        return json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('serves every request waiting on an expired token with one refresh, then retries them', async () => {
    const results = await Promise.all(['/api/a/', '/api/b/', '/api/c/'].map((u) => apiRequest<{ url: string }>(u)));
    expect(results.map((r) => r.url)).toEqual(['/api/a/', '/api/b/', '/api/c/']);
    expect(refreshCalls).toBe(1);
    expect(tokenStorage.access).toBe('new-access');
    expect(tokenStorage.refresh).toBe('new-refresh');
  });

  it('takes the tokens another tab stored while it waited for the refresh lock, instead of refreshing again', async () => {
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        // The other tab held the lock first and rotated the tokens meanwhile.
        request: async (name: string, task: () => Promise<unknown>) => {
          held.push(name);
          tokenStorage.save('tab2-access', 'tab2-refresh');
          return task();
        },
      },
    });
    const result = await apiRequest<{ url: string }>('/api/a/');
    expect(result.url).toBe('/api/a/');
    expect(held).toEqual(['dnx-token-refresh']);
    expect(refreshCalls).toBe(0);
    expect(tokenStorage.refresh).toBe('tab2-refresh');
  });

  it('refreshes under the lock when no other tab did', async () => {
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: async (name: string, task: () => Promise<unknown>) => {
          held.push(name);
          return task();
        },
      },
    });
    expect((await apiRequest<{ url: string }>('/api/a/')).url).toBe('/api/a/');
    expect(held).toEqual(['dnx-token-refresh']);
    expect(refreshCalls).toBe(1);
  });

  it('clears the tokens and reports the session ended when the refresh fails', async () => {
    refreshWorks = false;
    await expect(apiRequest('/api/a/')).rejects.toBeInstanceOf(ApiError);
    expect(tokenStorage.access).toBeNull();
    expect(tokenStorage.refresh).toBeNull();
    expect(expired).toBe(1);
  });

  it('ends the session when a call is refused even after a successful refresh (user deactivated)', async () => {
    vi.mocked(fetch).mockImplementation(async (url) =>
      url === '/api/refresh/'
        ? json(200, { access: 'new-access', refresh: 'new-refresh' })
        : json(401, { detail: 'User is inactive', code: 'user_inactive' }),
    );
    await expect(apiRequest('/api/a/')).rejects.toMatchObject({ status: 401 });
    expect(tokenStorage.access).toBeNull();
    expect(expired).toBe(1);
  });

  it('sends the bearer header only for session calls', async () => {
    await apiRequest('/api/public/', { bearer: 'none' }).catch(() => undefined);
    const init = vi.mocked(fetch).mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('sends a FormData body as it is, leaving its multipart content type to the browser', async () => {
    const body = new FormData();
    body.append('name', 'Daşıyıcı');
    await apiRequest('/api/public/upload/', { method: 'POST', body, bearer: 'none' }).catch(() => undefined);
    const init = vi.mocked(fetch).mock.calls[0]![1] as RequestInit;
    expect(init.body).toBe(body);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });
});
