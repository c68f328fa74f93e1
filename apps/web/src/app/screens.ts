import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prefetchHome } from '../features/home/home-loader';

/** The screens built for one route each, by the key of their route in the shared route table. */
const screens: Partial<Record<string, () => Promise<{ default: ComponentType }>>> = {
  'sample-page': () => import('../features/home/pages/sample-page'),
  'user-profile': () => import('../features/profile/pages/profile-page'),
  users: () => import('../features/access/pages/users-page'),
  'user-create': () => import('../features/access/pages/user-create-page'),
  'user-edit': () => import('../features/access/pages/user-edit-page'),
  'user-groups': () => import('../features/access/pages/groups-page'),
  'user-groups-create': () => import('../features/access/pages/group-create-page'),
  'user-groups-edit': () => import('../features/access/pages/group-edit-page'),
  'audit-log': () => import('../features/audit/pages/audit-log-page'),
  directory: () => import('../features/directory/pages/directory-page'),
  'mail-outbox': () => import('../features/mail/pages/mail-outbox-page'),
  jobs: () => import('../features/jobs/pages/jobs-page'),
  imports: () => import('../features/imports/pages/imports-page'),
  'bank-statements': () => import('../features/bank-statements/pages/bank-statements-page'),
  'check-fn': () => import('../features/fn/pages/check-fn-page'),
  'new-fn': () => import('../features/fn/pages/new-fn-page'),
  'new-fn-create': () => import('../features/fn/pages/new-fn-create-page'),
  'new-fn-edit': () => import('../features/fn/pages/new-fn-edit-page'),
  'general-fn': () => import('../features/fn/pages/general-fn-page'),
  'active-fn': () => import('../features/fn/pages/active-fn-page'),
  'paid-fn': () => import('../features/fn/pages/paid-fn-page'),
  'fn-payment': () => import('../features/payments/pages/payments-page'),
  // The reports (issue 16); the forms' reconciliation moved from report-form to a route of its own.
  'report-form': () => import('../features/reports/pages/report-form-page'),
  'general-report': () => import('../features/reports/pages/general-report-page'),
  'fn-reconciliation': () => import('../features/fn/pages/reconciliation-page'),
  'online-payment': () => import('../features/online/pages/online-payment-page'),
  'online-carrier': () => import('../features/online/pages/online-carrier-page'),
  'bus-routes': () => import('../features/bus-routes/pages/bus-routes-page'),
  'bus-routes-create': () => import('../features/bus-routes/pages/bus-route-create-page'),
  'bus-routes-edit': () => import('../features/bus-routes/pages/bus-route-edit-page'),
};

/** A screen's route loader: its first query, read beside its chunk's download (issue 60). */
export const screenLoaders: Partial<Record<string, (queryClient: QueryClient) => Promise<void>>> = {
  'sample-page': prefetchHome,
};

/**
 * The screen of a route, loaded lazily: one of its own, else the resources' list or form screen (their
 * declarations load with them, not with the first page). Undefined: the placeholder screen stands in.
 */
export async function loadScreen(routeKey: string): Promise<ComponentType | undefined> {
  const load = screens[routeKey];
  if (load) return (await load()).default;
  const { resourceScreen } = await import('../features/resources/resource-screens');
  return resourceScreen(routeKey);
}
