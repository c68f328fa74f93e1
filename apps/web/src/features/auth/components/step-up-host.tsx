import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setStepUpHandler } from '../../../lib/api-client';

const StepUpDialog = lazy(() => import('./step-up-dialog'));

/**
 * Answers the API client's "a fresh second factor is needed" (403 `step_up_required`) with the step-up dialog, and
 * tells it whether the user confirmed; mounted once in the signed-in frame.
 */
export function StepUpHost() {
  const [open, setOpen] = useState(false);
  const pending = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          pending.current?.(false);
          pending.current = resolve;
          setOpen(true);
        }),
    );
    return () => setStepUpHandler(null);
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        onSettle={(confirmed) => {
          pending.current?.(confirmed);
          pending.current = null;
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
