import type { OnlineRequestKind } from '@dnx/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { onlineStatusText } from '../../../lib/status-text';

const statusColor: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'red' };

/** A request's status in its kind's words, in the interface's language (the shared table's keys). */
export function OnlineStatusTag({ kind, status }: { kind: OnlineRequestKind; status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColor[status]} data-testid="online-status">
      {onlineStatusText(t, kind, status)}
    </Tag>
  );
}
