import { useIsMutating } from '@tanstack/react-query';
import { Spin } from 'antd';

/** The global loading overlay (z-index 9999) while a change is being saved. */
export function GlobalLoadingOverlay() {
  const saving = useIsMutating() > 0;
  if (!saving) return null;
  return (
    <div className="global-loading-overlay" data-testid="global-loading" aria-busy="true">
      <Spin size="large" />
    </div>
  );
}
