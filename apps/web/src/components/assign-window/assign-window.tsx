import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { azCompare, azSearchKey } from '@dnx/shared';
import { Button, Flex, Tag, Transfer, Typography, type TransferProps } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameTransferLists, useAccessibleDom } from '../../lib/accessible-dom';
import { SearchBox } from '../resource-list';

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

/**
 * One side of a window whose records live on the server (forms shared to an inspector: far too many to load):
 * the page shown, its search (the server's) and the links to the pages beside it.
 */
export interface RemoteAssignList {
  /** The records of the page shown, in the server's order. */
  records: readonly AssignableRecord[];
  /** How many records the search selects on the server, all pages. */
  total: number;
  search: string;
  onSearch: (text: string) => void;
  searchPlaceholder?: string;
  /** Absent: there is no page before (or after) this one. */
  onPrevious?: () => void;
  onNext?: () => void;
  loading?: boolean;
}

/** The window's records on the server: moving records calls it at once and the lists read again. */
export interface RemoteAssignSource {
  available: RemoteAssignList;
  assigned: RemoteAssignList;
  /** `assign`: left to right; `unassign`: right to left. The promise settles when the server has answered. */
  onMove: (move: 'assign' | 'unassign', ids: number[]) => Promise<unknown>;
}

export interface AssignWindowProps {
  /** Every record, both lists (a window held in a form); not read with `remote`. */
  records?: readonly AssignableRecord[];
  /** The ids on the right: what is assigned. Ant Design Form gives `value` and `onChange`. */
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** The records are the server's, a page of each list at a time, and a move is saved at once. */
  remote?: RemoteAssignSource;
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

const toTransfer = (r: AssignableRecord): TransferRecord => ({
  key: String(r.id),
  title: r.name,
  description: r.hint ?? '',
  group: r.group ?? '',
  disabled: Boolean(r.disabled),
});

/** A remote list's search, above its side of the window. */
function RemoteSearch({ list, testId }: { list: RemoteAssignList; testId: string }) {
  const { t } = useTranslation();
  return (
    <SearchBox
      value={list.search}
      onSearch={list.onSearch}
      placeholder={list.searchPlaceholder ?? t('assign.search')}
      width="100%"
      data-testid={testId}
    />
  );
}

/** A remote list's count and the Previous / Next of its pages, under its side of the window. */
function RemotePaging({ list, side }: { list: RemoteAssignList; side: 'available' | 'assigned' }) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" gap={8} style={{ padding: '4px 0' }}>
      <Typography.Text type="secondary" data-testid={`assign-${side}-total`}>
        {t('list.total', { count: list.total })}
      </Typography.Text>
      <Flex gap={4}>
        <Button
          size="small"
          icon={<LeftOutlined />}
          disabled={!list.onPrevious || list.loading}
          onClick={list.onPrevious}
          aria-label={`${t('form.previous')}: ${t(`assign.${side}`)}`}
          data-testid={`assign-${side}-previous`}
        />
        <Button
          size="small"
          icon={<RightOutlined />}
          disabled={!list.onNext || list.loading}
          onClick={list.onNext}
          aria-label={`${t('form.next')}: ${t(`assign.${side}`)}`}
          data-testid={`assign-${side}-next`}
        />
      </Flex>
    </Flex>
  );
}

/**
 * The assign window: two searchable lists, records move from the left (available) to the right (assigned).
 * With `group` set, records sort under their heading and a search for the heading finds them all. With
 * `remote`, each list is a page of the server's, searched and paged there, and a move is a call.
 */
export function AssignWindow({
  records = [],
  value = [],
  onChange,
  remote,
  titles,
  disabled,
  loading,
  'data-testid': testId,
}: AssignWindowProps) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState(false);
  const dataSource = useMemo<TransferRecord[]>(
    () =>
      remote
        ? [...remote.available.records, ...remote.assigned.records].map(toTransfer)
        : [...records]
            .sort((a, b) => azCompare(a.group ?? '', b.group ?? '') || azCompare(a.name, b.name))
            .map(toTransfer),
    [records, remote],
  );
  const targetKeys = useMemo(
    () => (remote ? remote.assigned.records.map((r) => String(r.id)) : value.map(String)),
    [remote, value],
  );
  const nameLists = useCallback((root: HTMLElement) => nameTransferLists(root, t('assign.selectAll')), [t]);
  const ref = useAccessibleDom<HTMLDivElement>(nameLists);

  const move: NonNullable<TransferProps<TransferRecord>['onChange']> = (keys, direction, moved) => {
    if (!remote) {
      onChange?.(keys.map(Number));
      return;
    }
    setMoving(true);
    void remote
      .onMove(direction === 'right' ? 'assign' : 'unassign', moved.map(Number))
      .catch(() => undefined)
      .finally(() => setMoving(false));
  };

  const listLoading = remote ? remote.available.loading || remote.assigned.loading : loading;
  return (
    <div data-testid={testId} ref={ref}>
      {remote && (
        <Flex gap={16} style={{ marginBottom: 8 }}>
          <div style={{ flex: 1 }}>
            <RemoteSearch list={remote.available} testId="assign-available-search" />
          </div>
          {/* Over the move buttons between the lists. */}
          <div style={{ width: 40 }} />
          <div style={{ flex: 1 }}>
            <RemoteSearch list={remote.assigned} testId="assign-assigned-search" />
          </div>
        </Flex>
      )}
      <Transfer<TransferRecord>
        dataSource={dataSource}
        targetKeys={targetKeys}
        onChange={move}
        titles={titles ?? [t('assign.available'), t('assign.assigned')]}
        // A remote list is searched by the server, above the window; a page holds only what it found.
        showSearch={!remote}
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
        footer={
          remote
            ? (_props, info) =>
                info?.direction === 'right' ? (
                  <RemotePaging list={remote.assigned} side="assigned" />
                ) : (
                  <RemotePaging list={remote.available} side="available" />
                )
            : undefined
        }
        // Undefined leaves it to the form around it (a read-only form disables the window).
        disabled={moving || disabled}
        locale={{
          searchPlaceholder: t('assign.search'),
          itemUnit: t('assign.item'),
          itemsUnit: t('assign.items'),
          notFoundContent: listLoading ? t('common.loading') : t('assign.empty'),
        }}
        styles={{ section: { flex: 1, height: 360 } }}
        style={{ width: '100%' }}
        actions={[t('assign.add'), t('assign.remove')]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {remote ? t('assign.helpRemote') : t('assign.help')}
      </Typography.Text>
    </div>
  );
}
