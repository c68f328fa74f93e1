import { hasPermissions } from '@dnx/shared';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../lib/current-user';
import { openBankDifferencesQuery } from './api/get-bank-differences';
import { statisticsQuery } from './api/get-statistics';

/** How long the home's first paint waits for its numbers; past it the page shows their skeleton and goes on. */
export const homeDataWaitMs = 1_500;

/**
 * The home's route loader (issue 60): its numbers (and, for those who reconcile, the open bank differences) are
 * read while the screen's code loads, so the page paints with them, and the sections below do not move when they
 * arrive. A slow answer does not hold the page past `homeDataWaitMs`; a failed one is the screen's to show.
 */
export async function prefetchHome(queryClient: QueryClient, waitMs = homeDataWaitMs): Promise<void> {
  const permissions = queryClient.getQueryData(currentUserQuery.queryKey)?.permissions ?? [];
  const reads = [queryClient.prefetchQuery(statisticsQuery)];
  if (hasPermissions(permissions, ['view_bankstatement']))
    reads.push(queryClient.prefetchQuery(openBankDifferencesQuery));
  await Promise.race([Promise.all(reads), new Promise((resolve) => setTimeout(resolve, waitMs))]);
}
