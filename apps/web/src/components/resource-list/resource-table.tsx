import { DeleteOutlined, LeftOutlined, ReloadOutlined, RightOutlined, SwapOutlined } from '@ant-design/icons';
import { maxPageSize, pageSizeOptions, savedViewParam } from '@dnx/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Select, Table, Tag, Typography, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { Suspense, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { hideMeasureRows, useAccessibleDom } from '../../lib/accessible-dom';
import { ApiError } from '../../lib/api-client';
import { liveResourceOf, registerResourceKey } from '../../lib/live';
import { failureMessage, notifyFailure, notifySuccess } from '../../lib/notify';
import { useDeleteConfirmation } from '../delete-confirmation';
import { ExportButton, type ExportRequest } from './export-button';
import {
  allPageSize,
  linkCursor,
  toApiQuery,
  toExportQuery,
  withFilters,
  writeListState,
  type ApiListQuery,
  type PageSizeChoice,
} from './list-query';
import {
  columnsParam,
  listKeyOf,
  listPreferencesQuery,
  ListToolsContext,
  shownColumnKeys,
  tableSizeOf,
  type PendingView,
} from './list-settings';
import { useLiveRows, type RowMark } from './live-rows';
import { deleteMultiple, listPageQuery } from './resource-api';
import { useSideScroll } from './side-scroll';
import './texts';
import type { ListColumn, ResourceListDeclaration } from './types';
import { useListState } from './use-list-state';

const searchDelayMs = 400;

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

const markText: Record<RowMark, string> = {
  new: 'live.rowNew',
  changed: 'live.rowChanged',
  left: 'live.rowLeft',
  deleted: 'live.rowDeleted',
};
const markColor: Record<RowMark, string> = { new: 'green', changed: 'blue', left: 'default', deleted: 'red' };

/** A list's 400 under one parameter (its own sentence): an old `cursor`, or "Hamısı" over too many rows. */
const queryProblem = (error: unknown, name: 'cursor' | 'no_page') =>
  error instanceof ApiError && error.status === 400 ? error.fieldMessage(name) : null;

export interface SearchBoxProps {
  value: string;
  onSearch: (text: string) => void;
  /** The list's search box by default; a text filter names its field. */
  placeholder?: string;
  'data-testid'?: string;
  width?: number | string;
}

/**
 * Debounces typed text into the URL (the search box, a text filter); a new value from outside (back button)
 * replaces what is typed.
 */
export function SearchBox({ value, onSearch, placeholder, width = 260, ...rest }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Input.Search
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
      // Leaving the box applies what is typed at once, so a pending search cannot undo a click that follows.
      onBlur={() => text.trim() !== value && onSearch(text.trim())}
      placeholder={placeholder ?? t('list.search')}
      aria-label={placeholder ?? t('list.search')}
      style={{ width }}
      data-testid={rest['data-testid'] ?? 'list-search'}
    />
  );
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
  const queryClient = useQueryClient();
  const [confirm, confirmHolder] = useDeleteConfirmation();
  const { endpoint, columns: declaredColumns, filters = [], defaultSort, paging = 'pages', baseQuery } = declaration;
  const keyset = paging === 'keyset';
  const filterNames = useMemo(() => filters.map((f) => f.name), [filters]);
  const sortKeys = useMemo(() => declaredColumns.flatMap((c) => (c.sortKey ? [c.sortKey] : [])), [declaredColumns]);
  const [state, setState] = useListState(filterNames, sortKeys, defaultSort);
  const tableRoot = useAccessibleDom<HTMLDivElement>(hideMeasureRows);
  const withBase = useMemo(() => (query: ApiListQuery) => ({ ...baseQuery, ...query }), [baseQuery]);
  const apiQuery = useMemo(() => withBase(toApiQuery(state, paging)), [state, paging, withBase]);

  // The person's columns, density and default view of this list (issue 29), kept on the server.
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const listKey = listKeyOf(pathname, declaration.tab);
  const renderTools = useContext(ListToolsContext);
  const preferences = useQuery({ ...listPreferencesQuery(listKey ?? ''), enabled: listKey !== null });
  const prefsSettled = listKey === null || preferences.isFetched;
  const configurable = useMemo(() => declaredColumns.filter((c) => !c.screenOnly), [declaredColumns]);
  const defaultColumns = useMemo(
    () => declaration.defaultColumns ?? configurable.map((c) => c.key),
    [declaration.defaultColumns, configurable],
  );
  const viewColumns = params.get(columnsParam);
  const shown = useMemo(
    () =>
      shownColumnKeys(
        configurable.map((c) => c.key),
        defaultColumns,
        viewColumns ? viewColumns.split(',') : preferences.data?.columns,
      ),
    [configurable, defaultColumns, viewColumns, preferences.data?.columns],
  );
  const columns = useMemo(
    () => [
      ...shown.map((key) => configurable.find((c) => c.key === key)!),
      ...declaredColumns.filter((c) => c.screenOnly),
    ],
    [shown, configurable, declaredColumns],
  );
  // Opened without parameters, a person's default view applies before the first rows are asked for.
  const listParamNames = useMemo(
    () => ['page', 'per_page', 'order', 'order_by', 'search', 'cursor', columnsParam, ...filterNames],
    [filterNames],
  );
  const bare = listParamNames.every((name) => !params.has(name));
  const [defaultHandled, setDefaultHandled] = useState(false);
  // A view named by the address (the search palette opens one so) is applied by the tools, which then drop the name.
  const addressView = Number(params.get(savedViewParam)) || null;
  const defaultView = bare && !defaultHandled ? (preferences.data?.default_view ?? null) : null;
  const pendingView = useMemo<PendingView | null>(
    () =>
      renderTools === null
        ? null
        : addressView !== null
          ? { id: addressView, fromAddress: true }
          : defaultView !== null
            ? { id: defaultView, fromAddress: false }
            : null,
    [renderTools, addressView, defaultView],
  );
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({ ...listPageQuery(endpoint, apiQuery), enabled: prefsSettled && pendingView === null });
  const viewQuery = useMemo(() => {
    const written = writeListState({ ...state, page: 1, cursor: undefined }, new URLSearchParams(), filterNames, {
      order: defaultSort?.order,
      orderBy: defaultSort?.orderBy,
    });
    const query = Object.fromEntries(written);
    if (declaration.tab) query.tab = declaration.tab;
    return query;
  }, [state, filterNames, defaultSort?.order, defaultSort?.orderBy, declaration.tab]);
  const applyView = useCallback(
    (query: Record<string, string>, viewCols: readonly string[] | null) => {
      setDefaultHandled(true);
      setParams((current) => {
        const next = new URLSearchParams(query);
        const tab = current.get('tab');
        if (tab !== null && !next.has('tab')) next.set('tab', tab);
        if (viewCols && viewCols.length > 0) next.set(columnsParam, viewCols.join(','));
        return next;
      });
    },
    [setParams],
  );
  const onDefaultHandled = useCallback(() => setDefaultHandled(true), []);
  const hintId = useId();
  const sideScroll = useSideScroll(tableRoot, t('listTools.scrollRegion'), hintId);
  const [selected, setSelected] = useState<number[]>([]);

  // Others' changes (issue 47): the page is read again quietly, and what changed on it is marked.
  const liveResource = declaration.liveResource ?? liveResourceOf(endpoint.path);
  useEffect(() => registerResourceKey(liveResource, endpoint.queryKey), [liveResource, endpoint.queryKey]);
  const livePage = useMemo(
    () => (list.data ? { rows: list.data.results, count: list.data.count } : undefined),
    [list.data],
  );
  const live = useLiveRows(
    liveResource,
    JSON.stringify(apiQuery),
    livePage,
    list.dataUpdatedAt,
    declaration.rowKey,
    declaration.live ?? 'in-place',
  );

  const count = list.data?.count ?? 0;
  const rows = live.rows;
  const pageSize = state.perPage === allPageSize ? Math.max(count, 1) : state.perPage;

  // A page past the end (after a delete, or an old link) moves to the last page that has rows.
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const pastEnd = !keyset && list.isSuccess && !list.isPlaceholderData && state.page > lastPage;
  useEffect(() => {
    if (pastEnd) setState({ ...state, page: lastPage });
  }, [pastEnd, lastPage, state, setState]);

  const remove = useMutation({
    mutationFn: (pkList: number[]) => deleteMultiple(endpoint, pkList),
    onSuccess: (answer) => {
      setSelected([]);
      if (onDeleted) onDeleted(answer);
      else notifySuccess();
    },
    onError: (error) => notifyFailure(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpoint.queryKey }),
  });

  const confirmDelete = () =>
    confirm({
      title: t('list.deleteConfirmTitle'),
      content: t('list.deleteConfirmText', { count: selected.length }),
      onOk: () => remove.mutateAsync(selected).catch(() => undefined),
    });

  // The file holds the columns the screen shows that the server's export knows, in the screen's order.
  const exportRequest = (): ExportRequest => ({
    path: `${(declaration.exportEndpoint ?? endpoint).path}export/`,
    query: {
      ...withBase(toExportQuery(state)),
      columns: columns
        .filter((c) => !c.screenOnly && Object.hasOwn(declaration.exportColumns, c.key))
        .map((c) => c.key)
        .join(','),
    },
    title: declaration.title,
  });
  const cellOf = (column: ListColumn<Row>, row: Row) =>
    column.value ? column.value(row) : (declaration.exportColumns[column.key]?.value(row) ?? null);

  // A wide list scrolls sideways with what names a row and what acts on it pinned: the selection box and the
  // first column at the start, the row actions (screen-only columns) at the end.
  const tableColumns: TableProps<Row>['columns'] = columns.map((column, index) => ({
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
      const mark = index === 0 ? live.marks.get(declaration.rowKey(row)) : undefined;
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

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      const key = one?.order ? String(one.columnKey) : null;
      setState(withFilters(state, { orderBy: key, order: one?.order === 'descend' ? 'desc' : 'asc' }));
    } else if (extra.action === 'paginate') {
      setState({ ...state, page: pagination.current ?? 1 });
    }
  };

  const setFilter = (name: string, value: string | undefined) => {
    const next = { ...state.filters };
    if (value === undefined || value === '') delete next[name];
    else next[name] = value;
    setState(withFilters(state, { filters: next }));
  };

  const pageSizeChoices = [
    ...pageSizeOptions.map((n) => ({ value: String(n), label: String(n) })),
    ...(keyset ? [] : [{ value: allPageSize, label: t('list.all') }]),
  ];
  const previousCursor = linkCursor(list.data?.previous ?? null);
  const nextCursor = linkCursor(list.data?.next ?? null);
  const selectable = canDelete || bulkActions !== undefined;
  const cursorError = list.isError ? queryProblem(list.error, 'cursor') : null;
  // "Hamısı" over more rows than the server answers at once: its words, and back to pages of 100.
  const allError = list.isError ? queryProblem(list.error, 'no_page') : null;

  return (
    <div data-testid="resource-table" ref={tableRoot}>
      {confirmHolder}
      <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 16 }} data-tour="list-tools">
        <Flex wrap gap={12} align="center" data-tour="list-filters">
          {declaration.search && (
            <SearchBox value={state.search} onSearch={(search) => setState(withFilters(state, { search }))} />
          )}
          {filters.map((filter) => {
            const value = state.filters[filter.name];
            const onChange = (v: string | undefined) => setFilter(filter.name, v);
            return (
              <div key={filter.name} data-testid={`filter-${filter.name}`} style={{ minWidth: 180 }}>
                {filter.render ? (
                  filter.render({ value, onChange, placeholder: filter.label })
                ) : (
                  <Select
                    allowClear
                    value={value}
                    onChange={(v?: string) => onChange(v)}
                    placeholder={filter.label}
                    options={filter.options?.map((o) => ({ ...o }))}
                    style={{ width: '100%' }}
                    aria-label={filter.label}
                  />
                )}
              </div>
            );
          })}
          {(state.search || Object.keys(state.filters).length > 0) && (
            <Button type="link" onClick={() => setState(withFilters(state, { search: '', filters: {} }))}>
              {t('list.clearFilters')}
            </Button>
          )}
        </Flex>
        <Flex wrap gap={8} align="center">
          {bulkActions?.(selected, () => setSelected([]))}
          {canDelete && (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              loading={remove.isPending}
              onClick={confirmDelete}
              data-testid="delete-selected"
            >
              {t('list.deleteSelected', { count: selected.length })}
            </Button>
          )}
          {renderTools && listKey && (
            <Suspense fallback={null}>
              {renderTools({
                listKey,
                columns: configurable,
                defaultColumns,
                shownColumns: shown,
                columnsFromView: viewColumns !== null,
                preferences: preferences.data,
                filters: filters.map((f) => ({
                  name: f.name,
                  label: f.label,
                  values: f.options?.map((o) => o.value),
                  choices: f.choices,
                })),
                sortKeys,
                query: viewQuery,
                pendingView,
                onDefaultHandled,
                applyView,
                onNotice: setNotice,
              })}
            </Suspense>
          )}
          <ExportButton request={exportRequest} data-tour="list-export" />
          {actions && (
            <span style={{ display: 'inline-flex' }} data-tour="list-create">
              {actions}
            </span>
          )}
        </Flex>
      </Flex>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={cursorError ?? allError ?? failureMessage(list.error)}
          data-testid="list-error"
          action={
            cursorError ? (
              <Button size="small" onClick={() => setState({ ...state, cursor: undefined })}>
                {t('list.firstPage')}
              </Button>
            ) : allError ? (
              <Button size="small" onClick={() => setState(withFilters(state, { perPage: maxPageSize }))}>
                {t('list.pagesOf', { count: maxPageSize })}
              </Button>
            ) : (
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
                {t('list.retry')}
              </Button>
            )
          }
        />
      )}
      {notice && (
        <Alert
          type="warning"
          showIcon
          closable
          role="status"
          style={{ marginBottom: 16 }}
          message={t('listTools.noticeTitle')}
          description={notice}
          onClose={() => setNotice(null)}
          data-testid="view-notice"
        />
      )}
      {sideScroll && (
        <Typography.Text
          type="secondary"
          id={hintId}
          style={{ display: 'block', marginBottom: 8 }}
          data-testid="scroll-hint"
        >
          <SwapOutlined aria-hidden /> {t('listTools.scrollHint')}
        </Typography.Text>
      )}
      {live.held > 0 && (
        <Alert
          type="info"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          message={t('live.newRows', { count: live.held })}
          action={
            <Button size="small" type="primary" onClick={live.showHeld} data-testid="live-show">
              {t('live.show')}
            </Button>
          }
          data-testid="live-bar"
        />
      )}
      <Table<Row>
        rowKey={(row) => declaration.rowKey(row)}
        rowClassName={(row) => {
          const mark = live.marks.get(declaration.rowKey(row));
          return mark ? `live-row live-row-${mark}` : '';
        }}
        onRow={(row) => ({ 'data-live': live.marks.get(declaration.rowKey(row)) }) as object}
        columns={tableColumns}
        dataSource={prefsSettled && pendingView === null ? rows : []}
        size={tableSizeOf(preferences.data?.density)}
        loading={(list.isFetching && !live.liveFetch) || !prefsSettled || pendingView !== null}
        onChange={onTableChange}
        // Cells wrap to fit the width first; only what cannot fit scrolls sideways (and the hint above says so).
        scroll={{ x: true }}
        tableLayout="auto"
        locale={declaration.emptyText ? { emptyText: declaration.emptyText } : undefined}
        rowSelection={
          selectable
            ? {
                fixed: 'start',
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        pagination={
          keyset || state.perPage === allPageSize
            ? false
            : { current: state.page, pageSize, total: count, showSizeChanger: false, hideOnSinglePage: false }
        }
        footer={() => (
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary" data-testid="list-total">
              {t('list.total', { count })}
            </Typography.Text>
            {keyset && (
              // Keyset pages have no numbers: the links of the page shown lead to the pages beside it.
              <Flex gap={8} role="group" aria-label={t('list.pages')}>
                <Button
                  icon={<LeftOutlined />}
                  disabled={previousCursor === null || list.isFetching}
                  onClick={() => setState({ ...state, cursor: previousCursor ?? undefined })}
                  data-testid="list-previous"
                >
                  {t('form.previous')}
                </Button>
                <Button
                  icon={<RightOutlined />}
                  iconPlacement="end"
                  disabled={nextCursor === null || list.isFetching}
                  onClick={() => setState({ ...state, cursor: nextCursor ?? undefined })}
                  data-testid="list-next"
                >
                  {t('form.next')}
                </Button>
              </Flex>
            )}
            <Flex align="center" gap={8}>
              <Typography.Text type="secondary">{t('list.pageSize')}</Typography.Text>
              <Select<string>
                value={String(state.perPage)}
                options={pageSizeChoices}
                onChange={(v) =>
                  setState(
                    withFilters(state, { perPage: (v === allPageSize ? allPageSize : Number(v)) as PageSizeChoice }),
                  )
                }
                style={{ width: 110 }}
                data-testid="page-size"
                aria-label={t('list.pageSize')}
              />
            </Flex>
          </Flex>
        )}
      />
    </div>
  );
}
