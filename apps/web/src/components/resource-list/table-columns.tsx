import { Tag, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { withFilters, type ListState } from './list-query';
import type { RowMark } from './live-rows';
import type { ListColumn, ResourceListDeclaration } from './types';

const markText: Record<RowMark, string> = {
  new: 'live.rowNew',
  changed: 'live.rowChanged',
  left: 'live.rowLeft',
  deleted: 'live.rowDeleted',
};
const markColor: Record<RowMark, string> = { new: 'green', changed: 'blue', left: 'default', deleted: 'red' };

/**
 * The table's columns of the list's: sorted as the state says, the first cell of a row changed by others marked.
 * A wide list scrolls sideways with what names a row and what acts on it pinned: the selection box and the
 * first column at the start, the row actions (screen-only columns) at the end.
 */
export function tableColumnsOf<Row>(
  declaration: ResourceListDeclaration<Row>,
  columns: readonly ListColumn<Row>[],
  state: ListState,
  marks: ReadonlyMap<number, RowMark>,
  t: TFunction,
): TableProps<Row>['columns'] {
  const cellOf = (column: ListColumn<Row>, row: Row) =>
    column.value ? column.value(row) : (declaration.exportColumns[column.key]?.value(row) ?? null);
  return columns.map((column, index) => ({
    key: column.sortKey ?? column.key,
    title: column.title,
    width: column.width,
    fixed: index === 0 ? 'start' : column.screenOnly ? 'end' : undefined,
    className: column.breakAnywhere ? 'cell-break-anywhere' : undefined,
    sorter: Boolean(column.sortKey),
    sortOrder:
      column.sortKey && state.orderBy === column.sortKey ? (state.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (_: unknown, row: Row) => {
      const cell = column.render ? column.render(row) : cellOf(column, row);
      const mark = index === 0 ? marks.get(declaration.rowKey(row)) : undefined;
      if (!mark) return cell;
      return (
        <>
          {cell}{' '}
          <Tag color={markColor[mark]} data-testid="live-mark">
            {t(markText[mark])}
          </Tag>
        </>
      );
    },
  }));
}

/** A click on a column's sort or on a page number, into the list's state. */
export function tableChangeOf<Row>(
  state: ListState,
  setState: (next: ListState) => void,
): NonNullable<TableProps<Row>['onChange']> {
  return (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      const key = one?.order ? String(one.columnKey) : null;
      setState(withFilters(state, { orderBy: key, order: one?.order === 'descend' ? 'desc' : 'asc' }));
    } else if (extra.action === 'paginate') {
      setState({ ...state, page: pagination.current ?? 1 });
    }
  };
}

/** The selection boxes, pinned at the start, when the rows can be selected (a delete or the screen's own actions). */
export function rowSelectionOf<Row>(
  selectable: boolean,
  selected: number[],
  setSelected: (keys: number[]) => void,
): TableProps<Row>['rowSelection'] {
  if (!selectable) return undefined;
  return {
    fixed: 'start',
    selectedRowKeys: selected,
    preserveSelectedRowKeys: true,
    onChange: (keys) => setSelected(keys.map(Number)),
  };
}
