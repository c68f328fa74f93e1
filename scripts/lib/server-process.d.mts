export const root: string;
export function freePort(): Promise<number>;
export function waitForHealth(baseUrl: string, timeoutMs?: number): Promise<void>;
export function startServer(options?: {
  env?: Record<string, string>;
  command?: string[];
  quiet?: boolean;
}): Promise<{ baseUrl: string; ms: number; stop: () => Promise<void> }>;
