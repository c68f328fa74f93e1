import { appBasePath, appRoutes, homePath, publicPagePaths as paths, type AppRoute } from '@dnx/shared';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/route-error-page';
import { currentUserQuery } from '../lib/current-user';
import { authMessages } from '@dnx/shared';
import { clearSession, landingUrl, rememberInitialUrl, signinUrl, verifyStoredSession } from '../features/auth/session';
import { setSessionExpiredListener } from '../lib/api-client';
import { setFlash } from '../lib/flash';
import { tokenStorage } from '../lib/token-storage';
import { queryClient } from './query-client';
import type { ScreenHandle } from './screen-handle';
import { loadScreen, screenLoaders } from './screens';

function currentLocation(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** `/`: to sign-in without a token, otherwise to the remembered initial URL or the landing page. */
function rootLoader() {
  return redirect(tokenStorage.access ? landingUrl() : '/signin');
}

/**
 * The session check of the navigation under way: a screen's loader, run beside the /app loader, waits for it before
 * it reads its data with the stored token (issue 60).
 */
let sessionChecked: Promise<unknown> = Promise.resolve();

/** Entering /app verifies the stored token and loads the user; failure goes to sign-in with the location. */
function appLoader(args: LoaderFunctionArgs) {
  const check = checkSession(args);
  sessionChecked = check.catch(() => undefined);
  return check;
}

async function checkSession({ request }: LoaderFunctionArgs) {
  const here = currentLocation(request);
  if (!tokenStorage.access) throw redirect(signinUrl(here));
  rememberInitialUrl(here);
  if (queryClient.getQueryData(currentUserQuery.queryKey)) return null;
  if (!(await verifyStoredSession())) {
    clearSession();
    throw redirect(signinUrl(here));
  }
  try {
    await queryClient.fetchQuery(currentUserQuery);
  } catch {
    setFlash(authMessages.currentUserFailed);
    clearSession();
    throw redirect('/signin');
  }
  return null;
}

function screenRoute(route: AppRoute): RouteObject {
  const prefetch = screenLoaders[route.key];
  return {
    path: route.path,
    handle: { route } satisfies ScreenHandle,
    // The screen's first data is read while its code loads, not after it has mounted (issue 60).
    loader: prefetch
      ? async () => {
          await sessionChecked;
          if (tokenStorage.access) await prefetch(queryClient);
          return null;
        }
      : undefined,
    lazy: async () => {
      const Component = await loadScreen(route.key);
      if (Component) return { Component };
      const { PlaceholderScreen } = await import('../components/placeholder-screen');
      return { Component: () => <PlaceholderScreen routeKey={route.key} /> };
    },
  };
}

const lazyPage =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => <div className="boot-placeholder" aria-busy="true" />,
    children: [
      { path: paths.root, loader: rootLoader },
      { path: paths.signin, lazy: lazyPage(() => import('../features/auth/pages/signin-page'), 'SigninPage') },
      {
        // Where a directory's sign-in comes back (issue 59).
        path: paths.signinDirectory,
        lazy: lazyPage(() => import('../features/auth/pages/signin-directory-page'), 'SigninDirectoryPage'),
      },
      { path: paths.resetPasswordBare, loader: () => redirect(paths.signin) },
      {
        // Everything but /signin uses Ant Design; it loads with these screens, not with the first page.
        lazy: lazyPage(() => import('./antd-shell'), 'AntdShell'),
        children: [
          {
            path: paths.forgetPassword,
            lazy: lazyPage(() => import('../features/auth/pages/forget-password-page'), 'ForgetPasswordPage'),
          },
          {
            path: paths.resetPassword,
            lazy: lazyPage(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage'),
          },
          {
            // The public check a receipt's QR opens: no sign-in.
            path: paths.verify,
            lazy: lazyPage(() => import('../features/payments/pages/verify-page'), 'VerifyPage'),
          },
          {
            // The inspector's phone (issue 46): outside /app, so it opens offline with no session check.
            path: paths.inspect,
            lazy: lazyPage(() => import('../features/inspect/pages/inspect-page'), 'default'),
          },
          {
            // The opt-out link of the expiry reminders mailed to carriers: public, no sign-in.
            path: paths.reminderOptOut,
            lazy: lazyPage(() => import('../features/reminders/pages/opt-out-page'), 'OptOutPage'),
          },
          {
            // The carriers' requests and their status: public, no sign-in (issue 14).
            path: paths.online,
            lazy: lazyPage(() => import('../features/online/pages/online-requests-page'), 'OnlineRequestsPage'),
          },
          {
            path: paths.onlineStatus,
            lazy: lazyPage(() => import('../features/online/pages/online-status-page'), 'OnlineStatusPage'),
          },
          {
            path: appBasePath,
            loader: appLoader,
            lazy: lazyPage(() => import('./layout/app-layout'), 'AppLayout'),
            children: [
              { index: true, loader: () => redirect(homePath) },
              ...appRoutes.map(screenRoute),
              { path: '*', lazy: lazyPage(() => import('../components/status-pages'), 'NotFoundResult') },
            ],
          },
          // Any other address: the server answers it 404 with this app, which shows its not-found page.
          { path: '*', lazy: lazyPage(() => import('../components/status-pages'), 'NotFoundPage') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A session that cannot be renewed ends at sign-in, carrying where the user was.
setSessionExpiredListener(() => {
  const { pathname, search } = router.state.location;
  clearSession();
  void router.navigate(signinUrl(`${pathname}${search}`), { replace: true });
});
