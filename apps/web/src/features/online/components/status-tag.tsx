import { onlineStatusLabel, type OnlineRequestKind } from '@dnx/shared';
import { Tag } from 'antd';

const statusColor: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'red' };

/** A request's status in its kind's words (shared `onlineStatusLabel`). */
export function OnlineStatusTag({ kind, status, label }: { kind: OnlineRequestKind; status: number; label?: string }) {
  return (
    <Tag color={statusColor[status]} data-testid="online-status">
      {label ?? onlineStatusLabel(kind, status)}
    </Tag>
  );
}
