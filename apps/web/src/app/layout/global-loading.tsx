import { useIsMutating } from '@tanstack/react-query';
import { Spin } from 'antd';

/** The global loading overlay (z-index 9999) while a change is being saved; not for background saves (preferences). */
export function GlobalLoadingOverlay() {
  const saving = useIsMutating({ predicate: (mutation) => !mutation.meta?.background }) > 0;
  if (!saving) return null;
  return (
    <div className="global-loading-overlay" data-testid="global-loading" aria-busy="true">
      <Spin size="large" />
    </div>
  );
}
