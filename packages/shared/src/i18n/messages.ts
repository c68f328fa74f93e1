import { drfMessages, errorMessages } from '../api/errors';
import { idempotencyMessages } from '../api/idempotency';
import { inputMessages } from '../api/input';
import { listMessages } from '../api/list';
import { listExportMessages } from '../api/list-export';
import { versionMessages } from '../api/versions';
import { authApiMessages } from '../auth/api';
import { authMessages, toastMessages } from '../auth/messages';
import { mfaMessages, sessionMessages } from '../auth/mfa';
import { bankStatementMessages } from '../bank-statements';
import { busRouteMessages } from '../bus-routes/messages';
import { fnMessages } from '../fn/messages';
import { importMessages } from '../imports';
import { inspectMessages } from '../inspect/messages';
import { openingMessages } from '../imports/opening';
import { jobMessages } from '../jobs';
import { liveMessages } from '../live/messages';
import { directoryMessages } from '../directory/messages';
import { mailMessages } from '../mail';
import { onlineMessages } from '../online/messages';
import { paymentMessages, registryMessages } from '../payments/messages';
import { reminderMessages } from '../reminders';
import { reportMessages } from '../reports/messages';
import { resourceMessages } from '../resources/messages';
import { searchMessages } from '../search';
import { userMessages } from '../users/messages';
import { preferenceMessages } from '../users/preferences';
import { viewMessages } from '../views';
import type { Translation } from './translation';

/**
 * Every messages object the server answers with, by name. The Azerbaijani texts are the contract (the spec's
 * words where it gives them); English and Russian are their counterparts, key for key (messages-en.ts, -ru.ts).
 */
export const azMessages = {
  errorMessages,
  drfMessages,
  idempotencyMessages,
  inputMessages,
  listMessages,
  listExportMessages,
  versionMessages,
  authApiMessages,
  authMessages,
  toastMessages,
  mfaMessages,
  sessionMessages,
  busRouteMessages,
  bankStatementMessages,
  fnMessages,
  inspectMessages,
  importMessages,
  openingMessages,
  jobMessages,
  mailMessages,
  onlineMessages,
  paymentMessages,
  registryMessages,
  reminderMessages,
  reportMessages,
  resourceMessages,
  searchMessages,
  userMessages,
  preferenceMessages,
  viewMessages,
  liveMessages,
  directoryMessages,
} as const;

/** The catalogue of one other language: each messages object's counterpart, none missing. */
export type MessageCatalogue = { readonly [N in keyof typeof azMessages]: Translation<(typeof azMessages)[N]> };

/**
 * A count in a translated message, grouped by the language's thousands separator. A count read back from an
 * Azerbaijani text carries its thousands dots (12.345): they are dropped first.
 */
export const groupedCount = (separator: string) => (value: number | string) =>
  String(value)
    .replaceAll('.', '')
    .replace(/\B(?=(\d{3})+(?!\d))/g, separator);
