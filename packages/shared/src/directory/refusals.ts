import { directoryMessages } from './messages';
import type { DirectoryRefusal } from './schemas';

/** Why a directory sign-in did not finish, as the callback's redirect names it (`?error=`). */
export type DirectoryError = DirectoryRefusal | 'flow' | 'refused' | 'unreachable';

/** What the person is told of each (the API's refusals answer the same words). */
export const directoryErrorMessages: Record<DirectoryError, string> = {
  not_in_required_groups: directoryMessages.notInRequiredGroups,
  no_account: directoryMessages.noAccount,
  email_taken: directoryMessages.emailTaken,
  no_email: directoryMessages.noEmail,
  inactive: directoryMessages.inactive,
  break_glass: directoryMessages.breakGlass,
  flow: directoryMessages.flowInvalid,
  refused: directoryMessages.refused,
  unreachable: directoryMessages.unreachable,
};
