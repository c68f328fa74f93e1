import { PlusOutlined } from '@ant-design/icons';
import { resourceExportColumns, type ResourceDefinition, type ResourceRecord } from '@dnx/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ResourceTable, type ResourceListDeclaration } from '../../../components/resource-list';
import { NotFoundResult } from '../../../components/status-pages';
import { resourceEndpoint } from '../api/resource-endpoint';
import { ListLinkButton, resourceColumns } from '../components/resource-columns';
import { resourceFilter } from '../components/resource-filters';
import { useResourceAccess } from '../resource-access';
import { createPath, listResourceOf } from '../resource-routes';
import { defaultListColumns, filterFields, hasSearch } from '../resource-values';

function ResourceList({ resource }: { resource: ResourceDefinition }) {
  const { t } = useTranslation();
  const { canAdd, canChange, canDelete } = useResourceAccess(resource);
  const declaration = useMemo<ResourceListDeclaration<ResourceRecord>>(
    () => ({
      endpoint: resourceEndpoint(resource),
      title: resource.title,
      rowKey: (row) => row.id,
      exportColumns: resourceExportColumns(resource),
      columns: resourceColumns(resource, t, canChange),
      defaultColumns: defaultListColumns(resource),
      filters: filterFields(resource).map(resourceFilter),
      search: hasSearch(resource),
      defaultSort: { orderBy: resource.defaultOrder.order_by, order: resource.defaultOrder.order },
    }),
    [resource, t, canChange],
  );
  return (
    <div data-testid="resource-list-page" data-resource={resource.key}>
      <PageHeader title={resource.title} />
      <ResourceTable
        declaration={declaration}
        canDelete={canDelete}
        actions={
          canAdd && (
            <ListLinkButton
              to={createPath(resource)}
              type="primary"
              icon={<PlusOutlined />}
              data-testid="create-record"
            >
              {t('resources.create')}
            </ListLinkButton>
          )
        }
      />
    </div>
  );
}

/** The list screen of every resource: its columns, filters and search come from the shared declaration. */
export default function ResourceListPage({ routeKey }: { routeKey: string }) {
  const resource = listResourceOf(routeKey);
  return resource ? <ResourceList key={resource.key} resource={resource} /> : <NotFoundResult />;
}
