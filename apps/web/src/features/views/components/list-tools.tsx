import type { ListDensity, SavedView } from '@dnx/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListToolsProps } from '../../../components/resource-list/list-settings';
import { notifyFailure } from '../../../lib/notify';
import { useSavePreferences, useViews } from '../api/views';
import { applicableView } from '../apply-view';
import '../texts';
import { ColumnSettings } from './column-settings';
import { ManageViewsDialog } from './manage-views-dialog';
import { SaveViewDialog } from './save-view-dialog';
import { ViewsMenu } from './views-menu';

/**
 * A list's tools of issue 29, beside its export: column settings and density, and the "Görünüşlər" menu (open, save,
 * manage views). Also applies the person's default view when the list is opened without parameters.
 */
export default function ListTools(props: ListToolsProps) {
  const { listKey, columns, defaultColumns, shownColumns, preferences, wantsDefault, onDefaultHandled } = props;
  const { applyView, onNotice, filters, sortKeys, query, columnsFromView } = props;
  const { t } = useTranslation();
  const views = useViews(listKey);
  const savePreferences = useSavePreferences(listKey);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);

  const open = useCallback(
    (view: SavedView) => {
      const applied = applicableView(view, { filters, sortKeys, columns });
      const titleOf = (key: string) => columns.find((c) => c.key === key)?.title ?? key;
      const items = [
        ...applied.dropped.filters.map((name) => t('views.droppedFilter', { name })),
        ...applied.dropped.columns.map((key) => t('views.droppedColumn', { name: titleOf(key) })),
      ];
      onNotice(items.length > 0 ? t('views.dropped', { items: items.join(', ') }) : null);
      applyView(applied.query, applied.columns);
    },
    [filters, sortKeys, columns, applyView, onNotice, t],
  );

  // The default view, once its list is known; a default no longer there leaves the list as it is.
  useEffect(() => {
    if (!wantsDefault) return;
    if (views.isError) onDefaultHandled();
    if (!views.data) return;
    const view = views.data.find((v) => v.id === preferences?.default_view);
    if (view) open(view);
    else onDefaultHandled();
  }, [wantsDefault, views.data, views.isError, preferences?.default_view, open, onDefaultHandled]);

  const changeSettings = (next: string[] | null, density: ListDensity) => {
    savePreferences.mutate({ columns: next, density }, { onError: notifyFailure });
    // Changed columns are the person's own from now on: the open view's columns leave the address.
    if (columnsFromView) applyView(query, null);
  };
  const own = preferences?.columns ?? null;
  const currentColumns = columnsFromView || own !== null ? [...shownColumns] : null;
  const source = { list: listKey, query, columns: currentColumns };

  return (
    <>
      <ViewsMenu
        views={views.data ?? []}
        onOpen={open}
        onSave={() => setDialog('save')}
        onManage={() => setDialog('manage')}
      />
      <ColumnSettings
        columns={columns}
        shown={shownColumns}
        defaults={defaultColumns}
        density={preferences?.density ?? 'comfortable'}
        fromView={columnsFromView}
        onChange={changeSettings}
        onDensity={(density) => savePreferences.mutate({ columns: own, density }, { onError: notifyFailure })}
      />
      <SaveViewDialog open={dialog === 'save'} onClose={() => setDialog(null)} source={source} />
      <ManageViewsDialog
        open={dialog === 'manage'}
        onClose={() => setDialog(null)}
        source={source}
        views={views.data ?? []}
        preferences={preferences}
        onOpen={open}
      />
    </>
  );
}
