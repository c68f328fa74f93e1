export const root: string;
/** Builds the server when dist/ lacks it (test files take turns on a lock). */
export function ensureServerBuild(): void;
export function freePort(): Promise<number>;
export function waitForHealth(baseUrl: string, timeoutMs?: number, healthPath?: string): Promise<void>;
export function startServer(options?: {
  env?: Record<string, string>;
  command?: string[];
  quiet?: boolean;
  /** Where the server's log lines (standard output) are appended. */
  logFile?: string;
  /** How long to wait for the health path to answer 200 (30 s by default). */
  healthTimeoutMs?: number;
  /** The path waited for: /api/health/ by default, /api/health/ready/ for readiness. */
  healthPath?: string;
  /** The port to listen on (the address a proxy sends to); a free one by default. */
  port?: number;
}): Promise<{
  baseUrl: string;
  ms: number;
  pid: number;
  /** SIGTERM; the exit code once it is gone. */
  stop: () => Promise<number | null>;
  kill: () => Promise<void>;
}>;
/** Signs in (the demo administrator by default) as the browser does: the proof of work, then POST /api/token/. */
export function signIn(baseUrl: string, email?: string, password?: string): Promise<string>;
/** A JSON call of a started server's API with a bearer token; throws with the answer when it is not a success. */
export function apiCall(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<unknown>;
/** The second-factor key `signIn` enrolled for `email` on `baseUrl`, if it enrolled one. */
export function enrolledSecret(baseUrl: string, email?: string): string | undefined;
