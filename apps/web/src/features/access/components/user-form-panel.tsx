import type { ReactNode } from 'react';
import { stepPanelId } from './user-form-values';

/** One step's fields: all steps stay in the form (their values kept), only the current one shows. */
export function UserFormPanel({ index, step, children }: { index: number; step: number; children: ReactNode }) {
  return (
    <div id={stepPanelId(index)} hidden={step !== index} data-testid={`user-form-step-${index}`}>
      {children}
    </div>
  );
}
