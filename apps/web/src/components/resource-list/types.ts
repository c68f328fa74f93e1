import type { ReactNode } from 'react';
import type { ExportCell } from './csv';
import type { ListStateDefaults } from './list-query';
import type { ListEndpoint } from './resource-api';

/** A column: its text (shown and exported), an optional richer cell, and the server's sort key. */
export interface ListColumn<Row> {
  key: string;
  title: string;
  /** The plain value: the cell shows it when there is no `render`, and exports write it. */
  value: (row: Row) => ExportCell;
  render?: (row: Row) => ReactNode;
  /** The `order_by` the server sorts this column by; absent: not sortable. */
  sortKey?: string;
  /** Screen only (row actions): not exported, pinned at the end of a wide table. */
  screenOnly?: boolean;
  width?: number | string;
}

export interface FilterControlProps {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder: string;
}

/** A `name=value` filter of the list endpoint: a choice among options, or a control the screen supplies. */
export interface ListFilter {
  name: string;
  label: string;
  options?: readonly { value: string; label: string }[];
  render?: (props: FilterControlProps) => ReactNode;
}

/** Everything a list screen declares; the table does the rest (URL state, paging, sorting, export, delete). */
export interface ResourceListDeclaration<Row> {
  endpoint: ListEndpoint<Row>;
  /** Names the export files. */
  title: string;
  rowKey: (row: Row) => number;
  columns: readonly ListColumn<Row>[];
  filters?: readonly ListFilter[];
  /** Show the search box (`search=`). */
  search?: boolean;
  defaultSort?: ListStateDefaults;
}
