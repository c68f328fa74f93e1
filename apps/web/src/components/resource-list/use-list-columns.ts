import type { ListPreferences } from '@dnx/shared';
import { useMemo } from 'react';
import { shownColumnKeys } from './list-settings';
import type { ListColumn, ResourceListDeclaration } from './types';

/**
 * The columns a list shows (issue 29): an open view's columns (`columns=` in the address), else the person's, else
 * the declaration's defaults; the screen-only columns (row actions) always, at the end.
 */
export function useListColumns<Row>(
  declaration: ResourceListDeclaration<Row>,
  viewColumns: string | null,
  preferences: ListPreferences | undefined,
) {
  const declaredColumns = declaration.columns;
  const configurable = useMemo(() => declaredColumns.filter((c) => !c.screenOnly), [declaredColumns]);
  const defaultColumns = useMemo(
    () => declaration.defaultColumns ?? configurable.map((c) => c.key),
    [declaration.defaultColumns, configurable],
  );
  const shown = useMemo(
    () =>
      shownColumnKeys(
        configurable.map((c) => c.key),
        defaultColumns,
        viewColumns ? viewColumns.split(',') : preferences?.columns,
      ),
    [configurable, defaultColumns, viewColumns, preferences?.columns],
  );
  const columns: ListColumn<Row>[] = useMemo(
    () => [
      ...shown.map((key) => configurable.find((c) => c.key === key)!),
      ...declaredColumns.filter((c) => c.screenOnly),
    ],
    [shown, configurable, declaredColumns],
  );
  return { configurable, defaultColumns, shown, columns };
}
