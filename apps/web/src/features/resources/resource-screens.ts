import { createElement, type ComponentType } from 'react';
import { resourceFormRouteKeys, resourceListRouteKeys } from './resource-routes';

type ScreenModule = { default: ComponentType<{ routeKey: string }> };

const pages: [readonly string[], () => Promise<ScreenModule>][] = [
  [resourceListRouteKeys, () => import('./pages/resource-list-page')],
  [resourceFormRouteKeys, () => import('./pages/resource-form-page')],
];

/** The one list or form screen that serves a resource's route, told which route it is; undefined for others. */
export async function resourceScreen(routeKey: string): Promise<ComponentType | undefined> {
  const load = pages.find(([keys]) => keys.includes(routeKey))?.[1];
  if (!load) return undefined;
  const { default: Screen } = await load();
  return function ResourceScreen() {
    return createElement(Screen, { routeKey });
  };
}
