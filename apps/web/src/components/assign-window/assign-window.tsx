import { azCompare, azSearchKey } from '@dnx/shared';
import { Tag, Transfer, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { nameTransferLists, useAccessibleDom } from '../../lib/accessible-dom';

/** A record that can be assigned: groups to a user, permissions to a group or a user. */
export interface AssignableRecord {
  id: number;
  name: string;
  /** Extra searchable text (a permission's code). */
  hint?: string;
  /** Heading the record belongs under (a permission's resource). */
  group?: string;
  disabled?: boolean;
}

export interface AssignWindowProps {
  records: readonly AssignableRecord[];
  /** The ids on the right: what is assigned. Ant Design Form gives `value` and `onChange`. */
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Titles of the left and right lists. */
  titles?: [string, string];
  disabled?: boolean;
  loading?: boolean;
  'data-testid'?: string;
}

interface TransferRecord {
  key: string;
  title: string;
  description: string;
  group: string;
  disabled: boolean;
}

/**
 * The assign window: two searchable lists, records move from the left (available) to the right (assigned).
 * With `group` set, records sort under their heading and a search for the heading finds them all.
 */
export function AssignWindow({
  records,
  value = [],
  onChange,
  titles,
  disabled,
  loading,
  'data-testid': testId,
}: AssignWindowProps) {
  const { t } = useTranslation();
  const dataSource = useMemo<TransferRecord[]>(
    () =>
      [...records]
        .sort((a, b) => azCompare(a.group ?? '', b.group ?? '') || azCompare(a.name, b.name))
        .map((r) => ({
          key: String(r.id),
          title: r.name,
          description: r.hint ?? '',
          group: r.group ?? '',
          disabled: Boolean(r.disabled),
        })),
    [records],
  );
  const targetKeys = useMemo(() => value.map(String), [value]);
  const nameLists = useCallback((root: HTMLElement) => nameTransferLists(root, t('assign.selectAll')), [t]);
  const ref = useAccessibleDom<HTMLDivElement>(nameLists);
  return (
    <div data-testid={testId} ref={ref}>
      <Transfer<TransferRecord>
        dataSource={dataSource}
        targetKeys={targetKeys}
        onChange={(keys) => onChange?.(keys.map(Number))}
        titles={titles ?? [t('assign.available'), t('assign.assigned')]}
        showSearch
        filterOption={(input, record) => {
          const query = azSearchKey(input);
          return [record.title, record.description, record.group].some((text) => azSearchKey(text).includes(query));
        }}
        render={(record) => ({
          label: (
            <span title={record.description || undefined}>
              {record.group && <Tag style={{ marginInlineEnd: 6 }}>{record.group}</Tag>}
              {record.title}
            </span>
          ),
          value: record.title,
        })}
        disabled={disabled}
        locale={{
          searchPlaceholder: t('assign.search'),
          itemUnit: t('assign.item'),
          itemsUnit: t('assign.items'),
          notFoundContent: loading ? t('common.loading') : t('assign.empty'),
        }}
        styles={{ section: { flex: 1, height: 360 } }}
        style={{ width: '100%' }}
        actions={[t('assign.add'), t('assign.remove')]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('assign.help')}
      </Typography.Text>
    </div>
  );
}
