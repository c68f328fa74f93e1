import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** After the screen has come: the full bar shows this long, then it is gone. */
const doneMs = 300;

/**
 * The thin bar at the top while the next screen's code or data loads. It creeps towards the end while the router is
 * busy (a CSS animation, no timer) and runs to the end when the screen has come. Decoration only: the screen's
 * skeleton says that it loads, so the bar is hidden from assistive technology and has no role.
 */
export function RouteProgress() {
  const loading = useNavigation().state !== 'idle';
  const [wasLoading, setWasLoading] = useState(loading);
  const [finishing, setFinishing] = useState(false);
  // The moment the router goes idle again, the bar runs to its end (state adjusted while rendering, not in an effect).
  if (loading !== wasLoading) {
    setWasLoading(loading);
    setFinishing(!loading);
  }
  useEffect(() => {
    if (!finishing) return;
    const timer = setTimeout(() => setFinishing(false), doneMs);
    return () => clearTimeout(timer);
  }, [finishing]);

  if (!loading && !finishing) return null;
  return (
    <div className="route-progress" data-phase={loading ? 'loading' : 'done'} aria-hidden="true">
      <div className="route-progress-bar" />
    </div>
  );
}
