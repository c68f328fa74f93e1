import { useQuery } from '@tanstack/react-query';
import { Flex, Table } from 'antd';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hideMeasureRows, useAccessibleDom } from '../../lib/accessible-dom';
import { DeleteSelectedButton } from './delete-selected-button';
import { ExportButton } from './export-button';
import { ListErrorAlert, LiveBar, ScrollHint, ViewNotice } from './list-alerts';
import { ListFilters } from './list-filters';
import { ListFooter } from './list-footer';
import { listExportRequest } from './list-export';
import { allPageSize, linkCursor, toApiQuery, toExportQuery, type ApiListQuery } from './list-query';
import { tableSizeOf } from './list-settings';
import { ListToolsSlot } from './list-tools-slot';
import { listPageQuery } from './resource-api';
import { useSideScroll } from './side-scroll';
import { rowSelectionOf, tableChangeOf, tableColumnsOf } from './table-columns';
import './texts';
import type { ResourceListDeclaration } from './types';
import { useBulkDelete } from './use-bulk-delete';
import { useListColumns } from './use-list-columns';
import { useListPage } from './use-list-page';
import { useDeclaredListState } from './use-list-state';
import { useListViews } from './use-list-views';
import { useLiveList } from './use-live-list';

export { SearchBox, type SearchBoxProps } from './search-box';

export interface ResourceTableProps<Row> {
  declaration: ResourceListDeclaration<Row>;
  /** Bulk delete through `delete-multiple`, when the user may delete. */
  canDelete?: boolean;
  /** Buttons beside export (create). */
  actions?: ReactNode;
  /**
   * Actions of the screen's own on the selected rows (an annul that asks for a reason): with it the rows can be
   * selected; `clearSelection` empties the selection once the action is done.
   */
  bulkActions?: (selected: number[], clearSelection: () => void) => ReactNode;
  /** What a bulk delete answered, for a list whose delete says more than "done" (routes kept inactive). */
  onDeleted?: (answer: unknown) => void;
}

/**
 * A server-side list: paging (10/25/50/100 or "Hamısı"), sorting, filters and search kept in the URL query,
 * bulk delete with a confirmation, and CSV / Excel export of every row the current filter selects.
 */
export function ResourceTable<Row extends object>({
  declaration,
  canDelete = false,
  actions,
  bulkActions,
  onDeleted,
}: ResourceTableProps<Row>) {
  const { t } = useTranslation();
  const { endpoint, filters = [], paging = 'pages', baseQuery } = declaration;
  const keyset = paging === 'keyset';
  const { filterNames, sortKeys, state, setState } = useDeclaredListState(declaration);
  const tableRoot = useAccessibleDom<HTMLDivElement>(hideMeasureRows);
  const withBase = useMemo(() => (query: ApiListQuery) => ({ ...baseQuery, ...query }), [baseQuery]);
  const apiQuery = useMemo(() => withBase(toApiQuery(state, paging)), [state, paging, withBase]);
  const views = useListViews(declaration, state, filterNames);
  const { configurable, defaultColumns, shown, columns } = useListColumns(
    declaration,
    views.viewColumns,
    views.preferences,
  );
  const list = useQuery({ ...listPageQuery(endpoint, apiQuery), enabled: !views.waiting });
  const hintId = useId();
  const sideScroll = useSideScroll(tableRoot, t('listTools.scrollRegion'), hintId);
  const [selected, setSelected] = useState<number[]>([]);
  const live = useLiveList(declaration, apiQuery, list);
  const bulkDelete = useBulkDelete(endpoint, selected, () => setSelected([]), onDeleted);

  const { count, pageSize } = useListPage(state, setState, list, keyset);
  const exportRequest = () => listExportRequest(declaration, columns, withBase(toExportQuery(state)));
  const markOf = (row: Row) => live.marks.get(declaration.rowKey(row));

  return (
    // Until the first page has come, the table's body reaches below the fold (styles.css), so the rows arriving
    // move nothing in sight (issue 60).
    <div data-testid="resource-table" ref={tableRoot} className={list.isPending ? 'list-first-load' : undefined}>
      {bulkDelete.confirmHolder}
      <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 16 }} data-tour="list-tools">
        <ListFilters search={Boolean(declaration.search)} filters={filters} state={state} setState={setState} />
        <Flex wrap gap={8} align="center">
          {bulkActions?.(selected, () => setSelected([]))}
          {canDelete && (
            <DeleteSelectedButton
              count={selected.length}
              deleting={bulkDelete.deleting}
              onClick={bulkDelete.confirmDelete}
            />
          )}
          <ListToolsSlot {...{ views, configurable, defaultColumns, shown, filters, sortKeys }} />
          <ExportButton request={exportRequest} data-tour="list-export" />
          {actions && (
            <span style={{ display: 'inline-flex' }} data-tour="list-create">
              {actions}
            </span>
          )}
        </Flex>
      </Flex>
      {list.isError && (
        <ListErrorAlert error={list.error} state={state} setState={setState} retry={() => void list.refetch()} />
      )}
      {views.notice && <ViewNotice notice={views.notice} onClose={() => views.setNotice(null)} />}
      {/* On a narrow screen the hint's line is kept before it is known (issue 60): the table does not jump. */}
      <div className="scroll-hint-slot">{sideScroll && <ScrollHint id={hintId} />}</div>
      {live.held > 0 && <LiveBar held={live.held} onShow={live.showHeld} />}
      <Table<Row>
        rowKey={(row) => declaration.rowKey(row)}
        rowClassName={(row) => {
          const mark = markOf(row);
          return mark ? `live-row live-row-${mark}` : '';
        }}
        onRow={(row) => ({ 'data-live': markOf(row) }) as object}
        columns={tableColumnsOf(declaration, columns, state, live.marks, t)}
        dataSource={views.waiting ? [] : live.rows}
        size={tableSizeOf(views.preferences?.density)}
        loading={(list.isFetching && !live.liveFetch) || views.waiting}
        onChange={tableChangeOf(state, setState)}
        // Cells wrap to fit the width first; only what cannot fit scrolls sideways (and the hint above says so).
        scroll={{ x: true }}
        tableLayout="auto"
        locale={declaration.emptyText ? { emptyText: declaration.emptyText } : undefined}
        rowSelection={rowSelectionOf<Row>(canDelete || bulkActions !== undefined, selected, setSelected)}
        pagination={
          keyset || state.perPage === allPageSize
            ? false
            : { current: state.page, pageSize, total: count, showSizeChanger: false, hideOnSinglePage: false }
        }
        footer={() => (
          <ListFooter
            count={count}
            keyset={keyset}
            state={state}
            setState={setState}
            previousCursor={linkCursor(list.data?.previous ?? null)}
            nextCursor={linkCursor(list.data?.next ?? null)}
            fetching={list.isFetching}
          />
        )}
      />
    </div>
  );
}
