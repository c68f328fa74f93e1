import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

NProgress.configure({ showSpinner: false, trickleSpeed: 120 });

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
