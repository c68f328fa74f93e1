// What the rest of the app uses of the sign-in (issue 61): the session's small functions, no page and no form.
export { rememberInitialUrl } from './session';
