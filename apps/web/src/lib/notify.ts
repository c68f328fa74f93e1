import { toastMessages } from '@dnx/shared';
import type { MessageInstance } from 'antd/es/message/interface';
import { ApiError } from './api-client';

/**
 * Toasts from outside React (route loaders, the API client's callers): the app root hands over Ant Design's
 * message instance, so every toast shares the theme and the limits (5 at once, 3000 ms). A toast is keyed by
 * its text: saving twice within 3 s shows one "success" toast with its timer restarted, not a stack of copies.
 */
let instance: MessageInstance | null = null;

export function setToastInstance(message: MessageInstance) {
  instance = message;
}

type ToastType = 'success' | 'error' | 'info';

function show(type: ToastType, text: string) {
  return instance?.open({ type, content: text, key: `${type}:${text}` });
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
};

/** The spec's success toast: "Əməliyyat müvəffəqiyyətlə yerinə yetirildi." */
export function notifySuccess() {
  toast.success(toastMessages.success);
}

/** The server's own `detail` when it gave one (a 409 on a role group says why), else the spec's failure toast. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) {
    const detail = error.fieldMessage('detail');
    if (detail) return detail;
  }
  return toastMessages.failure;
}

export function notifyFailure(error?: unknown) {
  toast.error(failureMessage(error));
}
