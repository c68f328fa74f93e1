import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  busRouteExportColumns,
  formatMoney,
  hasPermissions,
  nationalRoles,
  type BusRouteDeleteResult,
  type BusRouteListItem,
  type ExportColumns,
  type Page,
} from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { availableFilter } from '../../../components/available-select';
import { useDeleteConfirmation } from '../../../components/delete-confirmation';
import { LinkButton } from '../../../components/link-button';
import { PageHeader } from '../../../components/page-header';
import { ResourceTable, type ResourceListDeclaration } from '../../../components/resource-list';
import { notifyFailure, toast } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/current-user';
import { deleteBusRoutes } from '../api/delete-bus-routes';
import { busRoutesEndpoint } from '../api/list-bus-routes';

/** The list's location travels to the form, which goes back to the same rows after a save. */
export interface FromBusRoutes {
  listSearch?: string;
}

/** Says what a delete did: deleted, and apart the routes kept inactive because a payment names them. */
function useDeleteAnswer() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    (answer: unknown) => {
      // The routes are named as the lists held them.
      const names = new Map<number, string>();
      for (const [, page] of queryClient.getQueriesData<Page<BusRouteListItem>>({
        queryKey: busRoutesEndpoint.queryKey,
      }))
        for (const r of page?.results ?? []) names.set(r.id, `${r.number} ${r.name}`);
      const { pkList = [], deactivated = [] } = (answer ?? {}) as Partial<BusRouteDeleteResult>;
      if (pkList.length > 0) toast.success(t('busRoutes.deleted', { count: pkList.length }));
      if (deactivated.length > 0)
        toast.info(
          t('busRoutes.deactivated', {
            count: deactivated.length,
            names: deactivated.map((id) => names.get(id) ?? `№ ${id}`).join(', '),
          }),
        );
    },
    [t, queryClient],
  );
}

/** `bus-routes`: the routes of the user's region (national users: every region), with filters and export. */
export default function BusRoutesPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { search } = useLocation();
  const held = me?.permissions ?? [];
  const canAdd = hasPermissions(held, ['add_busroute']);
  const canChange = hasPermissions(held, ['change_busroute']);
  const canDelete = hasPermissions(held, ['delete_busroute']);
  const national = (me?.groups ?? []).some((g) => nationalRoles.some((r) => r === g.code));
  const say = useDeleteAnswer();
  const queryClient = useQueryClient();
  // The confirmation lives on the screen, not in the row the delete removes.
  const [confirm, confirmHolder] = useDeleteConfirmation();

  const removeOne = useCallback(
    (route: BusRouteListItem) => {
      const label = `${route.number} ${route.name}`;
      void confirm({
        title: t('list.deleteConfirmTitle'),
        content: t('busRoutes.deleteOneConfirm', { name: label }),
        onOk: () =>
          deleteBusRoutes([route.id])
            .then((answer) => say(answer), notifyFailure)
            .finally(() => queryClient.invalidateQueries({ queryKey: busRoutesEndpoint.queryKey })),
      });
    },
    [confirm, t, say, queryClient],
  );

  const declaration = useMemo<ResourceListDeclaration<BusRouteListItem>>(
    () => ({
      endpoint: busRoutesEndpoint,
      title: t('routes.bus-routes'),
      rowKey: (r) => r.id,
      search: true,
      defaultSort: { orderBy: 'id', order: 'desc' },
      // The file's rows carry the stops too; the screen shows no column of them (its cells read list rows).
      exportColumns: busRouteExportColumns as unknown as ExportColumns<BusRouteListItem>,
      // What tells routes apart, at 1280 px without scrolling sideways (issue 29); the times, lengths and cities of a
      // route are in the column settings and on its form.
      defaultColumns: ['id', 'number', 'name', 'transport_type', 'region', 'fare', 'route_companies', 'status'],
      columns: [
        { key: 'id', title: '№', sortKey: 'id', width: 70 },
        { key: 'number', title: t('busRoutes.fields.number'), sortKey: 'number' },
        { key: 'name', title: t('busRoutes.fields.name'), sortKey: 'name' },
        { key: 'transport_type', title: t('busRoutes.fields.transport_type') },
        { key: 'region', title: t('busRoutes.fields.region') },
        { key: 'city', title: t('busRoutes.fields.city') },
        { key: 'destination_city', title: t('busRoutes.fields.destination_city') },
        { key: 'cover', title: t('busRoutes.fields.cover') },
        { key: 'route_length_straight', title: t('busRoutes.fields.route_length_straight') },
        { key: 'start_time', title: t('busRoutes.fields.start_time') },
        { key: 'finish_time', title: t('busRoutes.fields.finish_time') },
        { key: 'interval', title: t('busRoutes.fields.interval') },
        { key: 'fare', title: t('busRoutes.fields.fare'), sortKey: 'fare', value: (r) => formatMoney(r.fare) },
        { key: 'route_companies', title: t('busRoutes.fields.route_companies') },
        { key: 'points_count', title: t('busRoutes.fields.points_count') },
        {
          key: 'status',
          title: t('busRoutes.fields.status'),
          render: (r) => (
            <Tag color={r.status === 1 ? 'green' : 'default'}>
              {t(r.status === 1 ? 'busRoutes.active' : 'busRoutes.inactive')}
            </Tag>
          ),
        },
        { key: 'created_at', title: t('busRoutes.fields.created_at'), sortKey: 'created_at' },
        ...(canChange || canDelete
          ? [
              {
                key: 'actions',
                title: t('list.actions'),
                screenOnly: true,
                render: (r: BusRouteListItem) => (
                  <Space size={4}>
                    {canChange && (
                      <LinkButton
                        to={`/app/bus-routes-edit/${r.id}`}
                        state={{ listSearch: search } satisfies FromBusRoutes}
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`${t('list.edit')}: ${r.number} ${r.name}`}
                        data-testid={`bus-route-edit-${r.id}`}
                      >
                        {t('list.edit')}
                      </LinkButton>
                    )}
                    {canDelete && (
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('busRoutes.deleteOne')}: ${r.number} ${r.name}`}
                        data-testid={`bus-route-delete-${r.id}`}
                        onClick={() => removeOne(r)}
                      >
                        {t('busRoutes.deleteOne')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]
          : []),
      ],
      filters: [
        ...(national ? [{ name: 'region', label: t('busRoutes.fields.region'), ...availableFilter('regions') }] : []),
        { name: 'city', label: t('busRoutes.fields.city'), ...availableFilter('cities') },
        {
          name: 'transport_type',
          label: t('busRoutes.fields.transport_type'),
          ...availableFilter('transport-types'),
        },
        { name: 'company', label: t('busRoutes.fields.route_companies'), ...availableFilter('route-companies') },
        {
          name: 'status',
          label: t('busRoutes.fields.status'),
          options: [
            { value: '1', label: t('busRoutes.active') },
            { value: '0', label: t('busRoutes.inactive') },
          ],
        },
      ],
    }),
    [t, national, canChange, canDelete, search, removeOne],
  );

  return (
    <div data-testid="bus-routes-page">
      {confirmHolder}
      <PageHeader title={t('routes.bus-routes')} />
      <ResourceTable
        declaration={declaration}
        canDelete={canDelete}
        onDeleted={(answer) => say(answer)}
        actions={
          canAdd && (
            <LinkButton
              to="/app/bus-routes-create"
              state={{ listSearch: search } satisfies FromBusRoutes}
              type="primary"
              icon={<PlusOutlined />}
              data-testid="create-bus-route"
            >
              {t('busRoutes.create')}
            </LinkButton>
          )
        }
      />
    </div>
  );
}
