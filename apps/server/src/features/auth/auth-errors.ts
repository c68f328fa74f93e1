import { mfaMessages } from '@dnx/shared';
import { HttpError } from '../../lib/http-errors';
import { TokenError, tokenMessages, type Tokens } from '../../lib/tokens';
import { wwwAuthenticate } from '../../plugins/auth';

/** simplejwt's answers of its token views, verbatim. */
export const noActiveAccount = () =>
  new HttpError(401, { detail: 'No active account found with the given credentials' }, wwwAuthenticate);
export const noActiveAccountForToken = () =>
  new HttpError(
    401,
    { detail: 'No active account found for the given token.', code: 'no_active_account' },
    wwwAuthenticate,
  );
export const tokenNotValid = (detail: string = tokenMessages.invalid) =>
  new HttpError(401, { detail, code: 'token_not_valid' }, wwwAuthenticate);

/** The mfa_token of a second step or a required enrolment is unknown, spent, expired or of another purpose. */
export const challengeInvalid = () =>
  new HttpError(401, { detail: mfaMessages.challengeInvalid, code: 'token_not_valid' }, wwwAuthenticate);

/** The claims of one of our tokens; a bad one is simplejwt's 401 `token_not_valid`. */
export async function verifyClaims(tokens: Tokens, token: string, type?: Parameters<Tokens['verify']>[1]) {
  try {
    return await tokens.verify(token, type);
  } catch (err) {
    if (err instanceof TokenError) throw tokenNotValid(err.message);
    throw err;
  }
}
