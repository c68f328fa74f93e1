import type { SavedView } from '@dnx/shared';
import type { NavigateFunction } from 'react-router';
import { viewPath } from './apply-view';

export { viewPath } from './apply-view';

/**
 * Opens a saved view from anywhere (the search palette may reuse it): its list's screen with the view's filters,
 * sort, page size and columns in the address. The list leaves out what the person may no longer see, and says so.
 */
export function openView(view: Pick<SavedView, 'list' | 'query' | 'columns'>, navigate: NavigateFunction): void {
  void navigate(viewPath(view));
}
