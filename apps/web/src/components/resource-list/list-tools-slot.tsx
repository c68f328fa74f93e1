import { Suspense } from 'react';
import type { ListColumn, ListFilter } from './types';
import type { ListViews } from './use-list-views';

export interface ListToolsSlotProps<Row> {
  views: ListViews;
  configurable: readonly ListColumn<Row>[];
  defaultColumns: readonly string[];
  shown: readonly string[];
  filters: readonly ListFilter[];
  sortKeys: readonly string[];
}

/** The list's tools (column settings, density, saved views) the app supplies, when the list has a key. */
export function ListToolsSlot<Row>({
  views,
  configurable,
  defaultColumns,
  shown,
  filters,
  sortKeys,
}: ListToolsSlotProps<Row>) {
  const { renderTools, listKey } = views;
  if (!renderTools || !listKey) return null;
  return (
    <Suspense fallback={null}>
      {renderTools({
        listKey,
        columns: configurable,
        defaultColumns,
        shownColumns: shown,
        columnsFromView: views.viewColumns !== null,
        preferences: views.preferences,
        filters: filters.map((f) => ({
          name: f.name,
          label: f.label,
          values: f.options?.map((o) => o.value),
          choices: f.choices,
        })),
        sortKeys,
        query: views.viewQuery,
        pendingView: views.pendingView,
        onDefaultHandled: views.onDefaultHandled,
        applyView: views.applyView,
        onNotice: views.setNotice,
      })}
    </Suspense>
  );
}
