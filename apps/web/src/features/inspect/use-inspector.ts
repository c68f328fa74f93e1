import { setShareLocation, sharesLocation } from './inspect-location';
import { useInspectLookup } from './use-inspect-lookup';
import { useInspectSync } from './use-inspect-sync';

export type { SyncState } from './use-inspect-sync';

/**
 * The inspector's screen state (issue 46): the kept snapshot, syncing it and sending the queued checks whenever the
 * phone is online and signed in (at start and on each `online` event), and each look-up with the check it records.
 */
export function useInspector() {
  const { meta, sync, pending, setPending, online, connect, refreshQueue } = useInspectSync();
  const { answer, lookUpTyped, lookUpScanned } = useInspectLookup(meta, refreshQueue, setPending);
  return {
    meta,
    sync,
    pending,
    answer,
    online,
    connect,
    lookUpTyped,
    lookUpScanned,
    shareLocation: sharesLocation,
    setShareLocation,
  };
}
