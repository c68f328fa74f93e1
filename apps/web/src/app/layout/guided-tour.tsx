import { appRoutes, hasPermissions, menuSections } from '@dnx/shared';
import { Button, Tour, type TourStepProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { resourceListRouteKeys } from '../../features/resources/resource-routes';
import type { ScreenHandle } from '../screen-handle';

/**
 * Screens that show a list with its tools (the shared ResourceTable): where the tour shows filters, export, new.
 * The form lists are among them (every role reads general-fn, so every role's tour has a list); active-fn is not:
 * its tools are a tab's, and the place of "new" holds the share actions.
 */
const listScreenKeys = new Set([
  'users',
  'user-groups',
  'audit-log',
  'new-fn',
  'paid-fn',
  'general-fn',
  ...resourceListRouteKeys,
]);

/** What the tour points at: elements marked `data-tour` by the layout and the list table. */
export type TourTarget = 'menu' | 'user-menu' | 'list-filters' | 'list-export' | 'list-create';

const find = (name: TourTarget | 'list-tools') => document.querySelector<HTMLElement>(`[data-tour="${name}"]`);

/** The first list in menu order that the user may open: where the tour shows a list's tools. */
function firstListPath(permissions: readonly string[]): string | undefined {
  for (const section of menuSections) {
    const route = appRoutes.find(
      (r) => r.menu === section.key && listScreenKeys.has(r.key) && hasPermissions(permissions, r.permissions),
    );
    if (route) return `/app/${route.path}`;
  }
  return undefined;
}

// How long the tour waits for a list to show its tools after it moved there.
const listWaitMs = 10_000;

/**
 * The guided tour (Ant Design's Tour): the menu, the user menu, then a list's tools (search and filters, export,
 * new). On a screen without a list it moves to the first list the user may open and returns when it ends; a user
 * with no list sees the first two steps. Finishing, skipping, closing or Esc all end it through `onDone`.
 */
export default function GuidedTour({
  permissions,
  drawerMode,
  onDone,
}: {
  permissions: readonly string[];
  drawerMode: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [current, setCurrent] = useState(0);
  const [, redraw] = useState(0);
  const origin = useRef(`${location.pathname}${location.search}`);
  const moved = useRef(false);
  const matches = useMatches();
  const here = [...matches].reverse().find((m) => (m.handle as ScreenHandle | undefined)?.route);
  const hereRoute = (here?.handle as ScreenHandle | undefined)?.route;
  const hereIsList =
    hereRoute !== undefined && listScreenKeys.has(hereRoute.key) && hasPermissions(permissions, hereRoute.permissions);
  // null: this screen has a list; a path: the list to move to; undefined: none the user may open.
  const [listPath] = useState(() => (hereIsList ? null : firstListPath(permissions)));

  const listShown = find('list-tools') !== null;
  // The create button shows only to those who may add: known once the list is on screen.
  const createShown = !listShown || find('list-create') !== null;
  const steps: { target: TourTarget; title: string; description: string }[] = [
    {
      target: 'menu',
      title: t('tour.menuTitle'),
      description: t(drawerMode ? 'tour.menuDrawerText' : 'tour.menuText'),
    },
    { target: 'user-menu', title: t('tour.userMenuTitle'), description: t('tour.userMenuText') },
  ];
  if (listPath !== undefined) {
    steps.push(
      { target: 'list-filters', title: t('tour.filtersTitle'), description: t('tour.filtersText') },
      { target: 'list-export', title: t('tour.exportTitle'), description: t('tour.exportText') },
    );
    if (createShown)
      steps.push({ target: 'list-create', title: t('tour.createTitle'), description: t('tour.createText') });
  }
  const step = steps[Math.min(current, steps.length - 1)]!;
  const onList = step.target.startsWith('list-');

  // A list step on a screen without a list moves to one, then waits until its tools are drawn to point at them.
  useEffect(() => {
    if (!onList) return;
    if (listPath && !moved.current) {
      moved.current = true;
      void navigate(listPath);
    }
    if (find(step.target)) return;
    const started = Date.now();
    const timer = setInterval(() => {
      redraw((n) => n + 1);
      if (find(step.target) || Date.now() - started > listWaitMs) clearInterval(timer);
    }, 100);
    return () => clearInterval(timer);
  }, [onList, listPath, step.target, navigate]);

  const end = () => {
    if (moved.current) void navigate(origin.current);
    onDone();
  };

  const tourSteps: TourStepProps[] = steps.map((s) => ({
    title: s.title,
    description: s.description,
    // Found at each render: a list drawn later is pointed at once it is there; until then the step is centred.
    target: (() => find(s.target)) as () => HTMLElement,
  }));

  return (
    <Tour
      open
      current={Math.min(current, steps.length - 1)}
      onChange={setCurrent}
      onClose={end}
      onFinish={end}
      steps={tourSteps}
      rootClassName="guided-tour"
      actionsRender={(actions, { current: at, total }) => (
        <>
          {at < total - 1 && (
            <Button size="small" type="text" onClick={end} data-testid="tour-skip">
              {t('tour.skip')}
            </Button>
          )}
          {actions}
        </>
      )}
    />
  );
}
