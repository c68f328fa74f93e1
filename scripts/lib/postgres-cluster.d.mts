export interface Cluster {
  url: string;
  /** A streaming replica of this cluster on a port of its own (`pg_basebackup -R`). */
  startReplica(): Promise<Cluster>;
  stop(): void;
}
/** A throwaway PostgreSQL cluster on loopback (as user postgres when run as root); `stop` removes it. */
export function startCluster(): Promise<Cluster>;
