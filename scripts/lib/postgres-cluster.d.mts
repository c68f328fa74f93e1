export interface Cluster {
  url: string;
  /** The cluster's data folder. */
  data: string;
  /** A streaming replica of this cluster on a port of its own (`pg_basebackup -R`). */
  startReplica(): Promise<Cluster>;
  /** A base backup into `target`, a new folder (`pg_basebackup -X stream`). */
  baseBackup(target: string): void;
  stop(): void;
}
/** The newest PostgreSQL server binaries of the machine (`/usr/lib/postgresql/<version>/bin`). */
export function binaries(): string;
/** A throwaway PostgreSQL cluster on loopback (as user postgres when run as root); `stop` removes it. */
export function startCluster(options?: { settings?: Record<string, string> }): Promise<Cluster>;
/** Starts a cluster on a data folder the caller prepared; `stop` removes the folder that holds it. */
export function startClusterOn(data: string): Promise<Cluster>;
