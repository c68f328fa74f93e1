/** The auth tokens: the only thing this app keeps in the browser (local storage). */
const accessKey = 'token';
const refreshKey = 'refresh_token';

export const tokenStorage = {
  get access(): string | null {
    return localStorage.getItem(accessKey);
  },
  get refresh(): string | null {
    return localStorage.getItem(refreshKey);
  },
  save(access: string, refresh?: string) {
    localStorage.setItem(accessKey, access);
    if (refresh) localStorage.setItem(refreshKey, refresh);
  },
  clear() {
    localStorage.removeItem(accessKey);
    localStorage.removeItem(refreshKey);
  },
};
