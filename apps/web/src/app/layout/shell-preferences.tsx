import { defaultNavigationLayout, type NavigationLayout } from '@dnx/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { switchLanguage } from '../../i18n';
import type { CurrentUser } from '../../lib/current-user';
import { useUpdatePreferences } from '../../features/profile/api/update-preferences';

/** The tour starts this long after a user's first entry to /app (spec section 2). */
export const tourDelayMs = 1000;

// Ant Design's Tour and the list catalogue load only when the tour is shown.
const GuidedTour = lazy(() => import('./guided-tour'));

/**
 * The signed-in user's layout, language and guided tour, kept on the server: the layout is what current-user says
 * (so it follows the user to any device), a change is saved at once; the tour starts `tourDelayMs` after entry
 * until the server records it as seen, and can be replayed.
 */
export function useShellPreferences(user: CurrentUser | undefined) {
  const save = useUpdatePreferences();
  const [tourOpen, setTourOpen] = useState(false);
  // The user whose first entry's tour has started: until then, an unseen tour is still due.
  const [tourStartedFor, setTourStartedFor] = useState<number | undefined>(undefined);
  const layout: NavigationLayout = user?.preferences.layout ?? defaultNavigationLayout;
  const tourSeen = Boolean(user?.preferences.tour_seen_at);
  const userId = user?.id;
  const language = user?.preferences.language;

  // The user's language, kept on the server, applies at sign-in on any device (and over a choice made before it).
  useEffect(() => {
    if (language) void switchLanguage(language);
  }, [language]);

  useEffect(() => {
    if (userId === undefined || tourSeen) return;
    const timer = setTimeout(() => {
      setTourStartedFor(userId);
      setTourOpen(true);
    }, tourDelayMs);
    return () => clearTimeout(timer);
  }, [userId, tourSeen]);
  const tourDue = userId === undefined || (!tourSeen && tourStartedFor !== userId);

  return {
    layout,
    setLayout: (next: NavigationLayout) => save.mutate({ layout: next }),
    tourOpen,
    /**
     * `due` while the first entry's tour may still start, then `open` or `none`: shown on the layout
     * (`data-tour-phase`) so a check can tell "the tour will not come" without waiting out its delay.
     */
    tourPhase: tourOpen ? 'open' : tourDue ? 'due' : 'none',
    replayTour: () => setTourOpen(true),
    endTour: () => {
      setTourOpen(false);
      if (!tourSeen) save.mutate({ tour_seen: true });
    },
  };
}

export function TourHost({
  open,
  permissions,
  drawerMode,
  onDone,
}: {
  open: boolean;
  permissions: readonly string[];
  drawerMode: boolean;
  onDone: () => void;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <GuidedTour permissions={permissions} drawerMode={drawerMode} onDone={onDone} />
    </Suspense>
  );
}
