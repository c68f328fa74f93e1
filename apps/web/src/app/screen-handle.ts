import type { AppRoute } from '@dnx/shared';

/**
 * What the router puts on each screen's match, read by the layout and the guided tour. In a file of its own (issue
 * 42): beside the router, the layout importing it closed a cycle router -> screens -> layout -> router.
 */
export interface ScreenHandle {
  route: AppRoute;
}
