import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

// NProgress's own markup gives the bar `role="bar"`, which is no ARIA role (axe: aria-roles, critical). The bar is
// decoration: the screen's skeleton says that it loads, so the bar is hidden from assistive technology.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  // It finds its bar by that role unless told otherwise.
  barSelector: '.bar',
});

/** The thin bar at the top while the next screen's code or data loads. */
export function RouteProgress() {
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle';
  useEffect(() => {
    if (loading) NProgress.start();
    else NProgress.done();
  }, [loading]);
  return null;
}
