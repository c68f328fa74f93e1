import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { groupExportColumns, hasPermissions, type Group } from '@dnx/shared';
import { Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { useDeleteConfirmation } from '../../../components/delete-confirmation';
import { PageHeader } from '../../../components/page-header';
import { ResourceTable, type ResourceListDeclaration } from '../../../components/resource-list';
import { useCurrentUser } from '../../../lib/current-user';
import { groupsEndpoint } from '../api/list-groups';
import { DeleteGroupButton } from '../components/delete-group-button';

/** `user-groups`: the six role groups (read-only) and the groups administrators made. */
export default function GroupsPage() {
  const { t } = useTranslation();
  const held = useCurrentUser()?.permissions ?? [];
  const canChange = hasPermissions(held, ['change_group']);
  const canDelete = hasPermissions(held, ['delete_group']);
  const [confirmDelete, confirmHolder] = useDeleteConfirmation();

  const declaration = useMemo<ResourceListDeclaration<Group>>(
    () => ({
      endpoint: groupsEndpoint,
      title: t('routes.user-groups'),
      rowKey: (g) => g.id,
      search: true,
      exportColumns: groupExportColumns,
      columns: [
        { key: 'name', title: t('groups.name'), sortKey: 'name' },
        {
          key: 'code',
          title: t('groups.role'),
          render: (g) => (g.code ? <Tag color="gold">{t('groups.role')}</Tag> : null),
        },
        { key: 'permissions', title: t('groups.permissionCount') },
        {
          key: 'actions',
          title: t('list.actions'),
          screenOnly: true,
          render: (g) => (
            <Space>
              {canChange && (
                <LinkButton
                  to={`/app/user-groups-edit/${g.id}`}
                  size="small"
                  icon={g.code ? <EyeOutlined /> : <EditOutlined />}
                  aria-label={`${t('list.edit')}: ${g.name}`}
                >
                  {t('list.edit')}
                </LinkButton>
              )}
              {canDelete && !g.code && <DeleteGroupButton group={g} confirm={confirmDelete} />}
            </Space>
          ),
        },
      ],
    }),
    [t, canChange, canDelete, confirmDelete],
  );

  return (
    <div data-testid="groups-page">
      {confirmHolder}
      <PageHeader title={t('routes.user-groups')} />
      <ResourceTable
        declaration={declaration}
        actions={
          hasPermissions(held, ['add_group']) && (
            <LinkButton to="/app/user-groups-create" type="primary" icon={<PlusOutlined />} data-testid="create-group">
              {t('groups.create')}
            </LinkButton>
          )
        }
      />
    </div>
  );
}
