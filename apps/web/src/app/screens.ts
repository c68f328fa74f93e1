import type { ComponentType } from 'react';

/**
 * The built screens, by the key of their route in the shared route table; each loads lazily.
 * A route without an entry shows the placeholder screen.
 */
export const screens: Partial<Record<string, () => Promise<{ default: ComponentType }>>> = {
  'sample-page': () => import('../features/home/pages/sample-page'),
};
