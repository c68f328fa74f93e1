import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from outside React (route loaders, the API client's callers): the app root hands over Ant Design's
 * message instance, so every toast shares the theme and the limits (5 at once, 3000 ms).
 */
let instance: MessageInstance | null = null;

export function setToastInstance(message: MessageInstance) {
  instance = message;
}

export const toast = {
  success: (text: string) => instance?.success(text),
  error: (text: string) => instance?.error(text),
  info: (text: string) => instance?.info(text),
};
