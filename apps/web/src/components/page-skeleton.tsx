import { Skeleton } from 'antd';

/** What a screen shows while its code or data arrives. Plain on purpose: it is part of the first download. */
export function PageSkeleton() {
  return (
    <div data-testid="page-skeleton" style={{ padding: 24, background: '#fff', borderRadius: 8 }}>
      <Skeleton active title paragraph={{ rows: 6 }} />
    </div>
  );
}
