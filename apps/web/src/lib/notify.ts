import { requestReference, toastMessages } from '@dnx/shared';
import { clientMessage } from '../i18n/client-messages';
import type { MessageInstance } from 'antd/es/message/interface';
import { createElement } from 'react';
import { i18n } from '../i18n';
import { ApiError } from './api-client';

/**
 * Toasts from outside React (route loaders, the API client's callers): the app root hands over Ant Design's
 * message instance, so every toast shares the theme and the limits (5 at once, 3000 ms).
 *
 * A repeat of a toast still well on screen restarts it rather than stacking a copy: saving twice within 2 s
 * shows one "success" toast. A repeat later than that is a new toast under a new key. Reopening a key whose toast
 * has begun to fade out can lose the toast altogether (the list's motion marks the key removed when the fade
 * ends, after the reopen), so the confirmation of a second save would never show.
 */
let instance: MessageInstance | null = null;
/** Toasts asked for before Ant Design's message code was loaded (issue 60: it loads with the first toast). */
const waiting: (() => void)[] = [];
let wanted: (() => void) | null = null;

export function setToastInstance(message: MessageInstance) {
  instance = message;
  waiting.splice(0).forEach((open) => open());
}

/** Called once a toast is wanted and no instance is there yet: the shell then loads and mounts the toasts' host. */
export function onToastWanted(listener: () => void) {
  wanted = listener;
  if (waiting.length) listener();
}

type ToastType = 'success' | 'error' | 'info';

/** How long after a toast (re)starts a repeat may restart it: well inside its 3 s, before any fade begins. */
export const toastRestartWindow = 2_000;
/** The key and start of each toast text shown lately. */
const recent = new Map<string, { key: string; at: number }>();
let serial = 0;

/** The key a toast of this text opens under now: the one on screen while it is fresh, a new one otherwise. */
export function toastKey(type: ToastType, text: string, now = Date.now()): string {
  for (const [name, shown] of recent) if (now - shown.at >= toastRestartWindow) recent.delete(name);
  const name = `${type}:${text}`;
  const key = recent.get(name)?.key ?? `${name}#${(serial += 1)}`;
  recent.set(name, { key, at: now });
  return key;
}

/** A toast; `requestId` adds a line naming the server's request (errors of an API call). */
function show(type: ToastType, text: string, requestId?: string | null) {
  const content = requestId
    ? createElement(
        'span',
        null,
        text,
        createElement(
          'span',
          { className: 'toast-request-id', 'data-testid': 'toast-request-id' },
          requestReference(requestId),
        ),
      )
    : text;
  const key = toastKey(type, requestId ? `${text}#${requestId}` : text);
  if (instance) return instance.open({ type, content, key });
  waiting.push(() => instance?.open({ type, content, key }));
  wanted?.();
  return undefined;
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string, requestId?: string | null) => show('error', text, requestId),
  info: (text: string) => show('info', text),
};

/** The spec's success toast: "Əməliyyat müvəffəqiyyətlə yerinə yetirildi." */
export function notifySuccess() {
  toast.success(clientMessage(toastMessages.success));
}

/** A call that got no answer at all: the browser is offline or the server could not be reached (`fetch` throws). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof TypeError;
}

/**
 * What a failure says (issue 30): the server's own `detail` of a refusal (a 409 on a role group says why); a
 * server fault (5xx) that it is the server's (the toast adds the request's id); a call that got no answer that
 * the connection was lost; anything else the spec's failure toast.
 */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) {
    const detail = error.fieldMessage('detail');
    if (detail) return detail;
  }
  if (error instanceof ApiError && error.status >= 500) return i18n.t('errors.server');
  if (isNetworkFailure(error)) return i18n.t('errors.network');
  return clientMessage(toastMessages.failure);
}

/** The failure toast, with the request's id when the server answered (a network failure has none). */
export function notifyFailure(error?: unknown) {
  toast.error(failureMessage(error), error instanceof ApiError ? error.requestId : null);
}
