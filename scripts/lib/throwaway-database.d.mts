export function databaseUrl(serverUrl: string, name: string): string;
export function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }>;
