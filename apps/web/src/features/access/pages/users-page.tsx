import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { hasPermissions, userExportColumns, type User } from '@dnx/shared';
import { Select, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { PageHeader } from '../../../components/page-header';
import { availableFilter } from '../../../components/available-select';
import { ResourceTable, type ResourceListDeclaration } from '../../../components/resource-list';
import { useCurrentUser } from '../../../lib/current-user';
import { allGroupsQuery, useAllGroups } from '../api/list-groups';
import { usersEndpoint } from '../api/list-users';
import { UserStatusSwitch } from '../components/user-status-switch';

/** `users`: every account, with server paging, sorting, filters, search, export and bulk delete. */
export default function UsersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const held = me?.permissions ?? [];
  const groups = useAllGroups();
  const canEdit = hasPermissions(held, ['change_user']);
  const canActivate = hasPermissions(held, ['activate_user']);

  const declaration = useMemo<ResourceListDeclaration<User>>(() => {
    const yesNo = [
      { value: 'true', label: t('users.active') },
      { value: 'false', label: t('users.inactive') },
    ];
    return {
      endpoint: usersEndpoint,
      title: t('routes.users'),
      rowKey: (u) => u.id,
      search: true,
      defaultSort: { orderBy: 'id', order: 'desc' },
      exportColumns: userExportColumns,
      // At 1280 px without scrolling sideways (issue 29), with room for long e-mail addresses: the father's name, the
      // phone and the day of joining are in the column settings.
      defaultColumns: ['email', 'last_name', 'first_name', 'region', 'groups', 'is_active'],
      columns: [
        { key: 'email', title: t('users.email'), sortKey: 'email', breakAnywhere: true },
        { key: 'last_name', title: t('users.lastName'), sortKey: 'last_name' },
        { key: 'first_name', title: t('users.firstName'), sortKey: 'first_name' },
        { key: 'parent_name', title: t('users.parentName') },
        { key: 'phone', title: t('users.phone') },
        { key: 'region', title: t('users.region'), sortKey: 'region' },
        {
          key: 'groups',
          title: t('users.groups'),
          render: (u) => (
            <Space size={[0, 4]} wrap>
              {u.group_names.map((name) => (
                <Tag key={name} color="blue">
                  {name}
                </Tag>
              ))}
            </Space>
          ),
        },
        {
          key: 'is_active',
          title: t('users.status'),
          sortKey: 'is_active',
          render: (u) => <UserStatusSwitch user={u} disabled={!canActivate || u.id === me?.id} />,
        },
        { key: 'date_joined', title: t('users.dateJoined'), sortKey: 'date_joined' },
        {
          key: 'actions',
          title: t('list.actions'),
          screenOnly: true,
          render: (u) =>
            canEdit && (
              <LinkButton
                to={`/app/user-edit/${u.id}`}
                size="small"
                icon={<EditOutlined />}
                aria-label={`${t('list.edit')}: ${u.email}`}
              >
                {t('list.edit')}
              </LinkButton>
            ),
        },
      ],
      filters: [
        { name: 'region', label: t('users.region'), ...availableFilter('regions') },
        {
          name: 'groups',
          label: t('users.groups'),
          render: ({ value, onChange, placeholder }) => (
            <Select<number>
              allowClear
              value={value ? Number(value) : undefined}
              onChange={(v?: number) => onChange(v === undefined ? undefined : String(v))}
              placeholder={placeholder}
              aria-label={placeholder}
              loading={groups.isLoading}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              style={{ width: '100%' }}
            />
          ),
          choices: async (client) => (await client.fetchQuery(allGroupsQuery)).map((g) => String(g.id)),
        },
        { name: 'is_active', label: t('users.status'), options: yesNo },
      ],
    };
  }, [t, canActivate, canEdit, me?.id, groups.data, groups.isLoading]);

  return (
    <div data-testid="users-page">
      <PageHeader title={t('routes.users')} />
      <ResourceTable
        declaration={declaration}
        canDelete={hasPermissions(held, ['delete_user'])}
        actions={
          hasPermissions(held, ['add_user']) && (
            <LinkButton to="/app/user-create" type="primary" icon={<PlusOutlined />} data-testid="create-user">
              {t('users.create')}
            </LinkButton>
          )
        }
      />
    </div>
  );
}
