import { formatDateTime, importTitle as titleOf, type Import } from '@dnx/shared';
import { Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImports } from '../api/imports';
import { Counts, statusColor } from './import-counts';
import '../texts';

/** Every import so far, newest first, ten a page; each can be opened again. */
export function ImportHistory({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useImports(page);
  return (
    <Card title={t('imports.history')}>
      <Table<Import>
        rowKey="id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.results ?? []}
        data-testid="imports-history"
        pagination={{ current: page, pageSize: 10, total: history.data?.count ?? 0, onChange: setPage }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'at', title: t('imports.when'), render: (_, item) => formatDateTime(item.created_at) },
          { key: 'by', title: t('imports.who'), dataIndex: 'created_by' },
          { key: 'resource', title: t('imports.resource'), render: (_, item) => titleOf(item.resource) },
          { key: 'file', title: t('imports.file'), dataIndex: 'file_name' },
          {
            key: 'status',
            title: t('imports.statusTitle'),
            render: (_, item) => <Tag color={statusColor[item.status]}>{t(`imports.status.${item.status}`)}</Tag>,
          },
          { key: 'counts', title: t('imports.counts'), render: (_, item) => <Counts item={item} /> },
          {
            key: 'open',
            title: t('list.actions'),
            render: (_, item) => (
              <Button
                size="small"
                onClick={() => onOpen(item.id)}
                aria-label={`${t('imports.open')}: ${item.file_name}`}
              >
                {t('imports.open')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
