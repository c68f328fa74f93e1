/** A throwaway PostgreSQL cluster on loopback (as user postgres when run as root); `stop` removes it. */
export function startCluster(): Promise<{ url: string; stop: () => void }>;
