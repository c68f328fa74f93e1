import { Button } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
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
    <Suspense fallback={<ToolsSpace />}>
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

/** An icon's room in a stand-in button. */
const iconSpace = <span style={{ display: 'inline-block', width: 14 }} />;

/**
 * The room of the tools' two buttons (views, columns) while their code loads (issue 60): without it the toolbar
 * wraps when they arrive and the table below jumps. Unseen and out of the tab order.
 */
function ToolsSpace() {
  const { t } = useTranslation();
  return (
    <span aria-hidden="true" style={{ visibility: 'hidden', display: 'inline-flex', gap: 8 }}>
      <Button tabIndex={-1} icon={iconSpace}>
        {t('views.views')} {iconSpace}
      </Button>
      <Button tabIndex={-1} icon={iconSpace}>
        {t('views.columns')}
      </Button>
    </span>
  );
}
