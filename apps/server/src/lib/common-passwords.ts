import { dictionary } from '@zxcvbn-ts/language-common';

// The 49,000 most common and breached passwords of the zxcvbn-ts project, shipped in the package (no network).
const common = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/** Whether a password is on the list, whatever its case ("Password1" is "password1"). */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
