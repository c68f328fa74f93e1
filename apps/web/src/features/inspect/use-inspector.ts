import { setShareLocation, sharesLocation } from './inspect-location';
import { useInspectLookup } from './use-inspect-lookup';
import { useInspectSync } from './use-inspect-sync';

export type { RefusedChecks, SyncState } from './use-inspect-sync';

/**
 * The inspector's screen state (issue 46): the kept list, syncing it and sending the queued checks whenever the
 * phone is online and signed in (at start and on each `online` event), and each look-up with the check it records.
 */
export function useInspector() {
  const { list, sync, pending, sent, refused, online, connect, refreshQueue, send } = useInspectSync();
  const lookup = useInspectLookup(list, refreshQueue, send);
  return {
    list,
    sync,
    pending,
    sent,
    refused,
    online,
    connect,
    ...lookup,
    shareLocation: sharesLocation,
    setShareLocation,
  };
}
