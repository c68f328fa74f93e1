import type { ExportCell, ExportColumns } from '@dnx/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiListQuery, ListPaging, ListStateDefaults } from './list-query';
import type { LiveMode } from './live-rows';
import type { ListEndpoint } from './resource-api';

/**
 * A column: its text, an optional richer cell, and the server's sort key. Its key names the export's column
 * (the declaration's `exportColumns`) that the file holds while the screen shows it.
 */
export interface ListColumn<Row> {
  key: string;
  title: string;
  /** The plain text the cell shows when there is no `render`; by default the export column's value. */
  value?: (row: Row) => ExportCell;
  render?: (row: Row) => ReactNode;
  /** The `order_by` the server sorts this column by; absent: not sortable. */
  sortKey?: string;
  /** Screen only (row actions): not in the export, pinned at the end of a wide table. */
  screenOnly?: boolean;
  /**
   * Text with long unbroken runs (an e-mail address, an identifier) that may wrap at any letter, so that one long
   * value does not push the table wider than the screen.
   */
  breakAnywhere?: boolean;
  width?: number | string;
}

export interface FilterControlProps {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder: string;
}

/**
 * The values a reference filter's picker offers the person now (the regions, operators or groups they may pick), so
 * that a saved view naming another is applied without it.
 */
export type FilterChoices = (client: QueryClient) => Promise<readonly string[]>;

/** A `name=value` filter of the list endpoint: a choice among options, or a control the screen supplies. */
export interface ListFilter {
  name: string;
  label: string;
  options?: readonly { value: string; label: string }[];
  render?: (props: FilterControlProps) => ReactNode;
  /** A control's choices, read when a saved view is opened (a choice among `options` needs none). */
  choices?: FilterChoices;
}

/** Everything a list screen declares; the table does the rest (URL state, paging, sorting, export, delete). */
export interface ResourceListDeclaration<Row> {
  endpoint: ListEndpoint<Row>;
  /** Names the export files. */
  title: string;
  /** The columns the server's export of this list writes (shared), by key. */
  exportColumns: ExportColumns<Row>;
  rowKey: (row: Row) => number;
  columns: readonly ListColumn<Row>[];
  filters?: readonly ListFilter[];
  /** Show the search box (`search=`). */
  search?: boolean;
  defaultSort?: ListStateDefaults;
  /** `keyset`: Previous / Next by the links' cursors (kept in the URL), no page numbers, no "Hamısı". */
  paging?: ListPaging;
  /** Parameters every call of this list carries, not shown as filters (`stage=shared` of one tab). */
  baseQuery?: ApiListQuery;
  /** Where the export reads every row the filter selects, when the list endpoint cannot (a keyset-only one). */
  exportEndpoint?: ListEndpoint<Row>;
  /** What an empty list says. */
  emptyText?: ReactNode;
  /**
   * The columns shown until the person chooses (issue 29), in order: what matters at 1280 px without scrolling
   * sideways. Absent: every column. Screen-only columns (row actions) always show, at the end.
   */
  defaultColumns?: readonly string[];
  /** The screen's tab, when it has tabs: each tab is a list of its own (`active-fn:by-inspector`). */
  tab?: string;
  /**
   * How the list takes others' changes (issue 47): `in-place` (default) shows them at once, marked; `bar` holds
   * new rows behind "3 new, show" where rows moving under the reader would be worse.
   */
  live?: LiveMode;
  /** The resource whose `change` events the list follows, when its path does not name it (`fn/paid` shows forms). */
  liveResource?: string;
}
