export function databaseUrl(serverUrl: string, name: string): string;
export function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }>;
/** The rows of one statement on the database of `url`, over a connection of its own. */
export function queryRows<T extends Record<string, unknown> = Record<string, unknown>>(
  url: string,
  text: string,
  values?: unknown[],
): Promise<T[]>;
