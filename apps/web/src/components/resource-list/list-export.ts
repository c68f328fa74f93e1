import type { ExportRequest } from './export-button';
import type { ApiListQuery } from './list-query';
import type { ListColumn, ResourceListDeclaration } from './types';

/** The file holds the columns the screen shows that the server's export knows, in the screen's order. */
export function listExportRequest<Row>(
  declaration: ResourceListDeclaration<Row>,
  columns: readonly ListColumn<Row>[],
  query: ApiListQuery,
): ExportRequest {
  return {
    path: `${(declaration.exportEndpoint ?? declaration.endpoint).path}export/`,
    query: {
      ...query,
      columns: columns
        .filter((c) => !c.screenOnly && Object.hasOwn(declaration.exportColumns, c.key))
        .map((c) => c.key)
        .join(','),
    },
    title: declaration.title,
  };
}
