import type { ListDensity, SavedView } from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListToolsProps } from '../../../components/resource-list/list-settings';
import { notifyFailure } from '../../../lib/notify';
import { useSavePreferences, useViews } from '../api/views';
import { applicableView, withChoices } from '../apply-view';
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
  const { listKey, columns, defaultColumns, shownColumns, preferences, pendingView, onDefaultHandled } = props;
  const { applyView, onNotice, filters, sortKeys, query, columnsFromView } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const views = useViews(listKey);
  const savePreferences = useSavePreferences(listKey);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);

  const open = useCallback(
    async (view: SavedView) => {
      const checked = await withChoices(filters, view.query, queryClient);
      const applied = applicableView(view, { filters: checked, sortKeys, columns });
      const titleOf = (key: string) => columns.find((c) => c.key === key)?.title ?? key;
      const items = [
        ...applied.dropped.filters.map((name) => t('views.droppedFilter', { name })),
        ...applied.dropped.columns.map((key) => t('views.droppedColumn', { name: titleOf(key) })),
      ];
      onNotice(items.length > 0 ? t('views.dropped', { items: items.join(', ') }) : null);
      applyView(applied.query, applied.columns);
    },
    [filters, sortKeys, columns, applyView, onNotice, t, queryClient],
  );

  // The view the list waits for (named by the address, or the person's default), once the views are read. One the
  // person can no longer open: from the address, the list says so and goes on as it is; a default is passed over.
  const opening = useRef<number | null>(null);
  useEffect(() => {
    if (pendingView === null || opening.current === pendingView.id) return;
    if (!views.data && !views.isError) return;
    const view = views.data?.find((v) => v.id === pendingView.id);
    if (view) {
      opening.current = view.id;
      void open(view).finally(() => (opening.current = null));
    } else if (pendingView.fromAddress) {
      onNotice(t('views.unavailable'));
      applyView(query, null);
    } else onDefaultHandled();
  }, [pendingView, views.data, views.isError, open, onDefaultHandled, onNotice, applyView, query, t]);

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
        onOpen={(view) => void open(view)}
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
        onOpen={(view) => void open(view)}
      />
    </>
  );
}
