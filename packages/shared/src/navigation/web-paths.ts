import { appRoutes } from './app-routes';

/**
 * The web app's pages outside /app, React Router syntax: its router declares them from here, and the server's
 * history fallback serves the app for them (issue 44), so the two cannot disagree.
 */
export const publicPagePaths = {
  root: '/',
  signin: '/signin',
  /** Where a directory's sign-in comes back (issue 59): its one-time code, or why it did not finish. */
  signinDirectory: '/signin/directory',
  /** Without a token: the router sends it to /signin. */
  resetPasswordBare: '/reset-password',
  forgetPassword: '/forget-password',
  resetPassword: '/reset-password/:token',
  /** The public check a receipt's QR opens. */
  verify: '/verify/:code',
  /** The opt-out link of the expiry reminders mailed to carriers. */
  reminderOptOut: '/reminders/opt-out/:token',
  online: '/online',
  /** The inspector's phone (issue 46): works offline, so it is not under /app and its session check. */
  inspect: '/inspect',
  onlineStatus: '/online/status',
} as const;

/** The protected area: its index redirects home; every screen of `appRoutes` is below it. */
export const appBasePath = '/app';

/** A route pattern as React Router matches it: a `:param` is one non-empty segment, a trailing slash is allowed. */
function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  // React Router matches paths case-insensitively.
  return new RegExp(`^/${segments.join('/')}${segments.length ? '/?' : ''}$`, 'i');
}

const webPagePatterns: readonly RegExp[] = [
  ...Object.values(publicPagePaths),
  appBasePath,
  ...appRoutes.map((route) => `${appBasePath}/${route.path}`),
].map(patternOf);

/**
 * Whether a path (already decoded, without its query) is one of the web app's pages: the server answers it with the
 * app; any other path is a 404 (`/metrics`, an unknown `/api/...`, `/.well-known/...`, a file that is not built).
 */
export function isWebPagePath(pathname: string): boolean {
  return webPagePatterns.some((pattern) => pattern.test(pathname));
}
