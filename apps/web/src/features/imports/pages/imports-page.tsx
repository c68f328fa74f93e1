import { FileExcelOutlined } from '@ant-design/icons';
import {
  formatCount,
  importMessages,
  importOutcomes,
  importTitle,
  type Import,
  type ImportOutcome,
  type ImportRow,
} from '@dnx/shared';
import { Alert, Button, Card, Flex, Progress, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadProgress, useDownload } from '../../../components/download';
import { PageHeader } from '../../../components/page-header';
import { failureMessage, notifyFailure } from '../../../lib/notify';
import { useApply, useImport, useImportRows } from '../api/imports';
import { ImportHistory } from '../components/import-history';
import { Counts, statusColor } from '../components/import-counts';
import { ImportUpload } from '../components/import-upload';
import '../texts';

const titleOf = importTitle;

/** The rows of one outcome: their line, key and what changes (or what is wrong), paged by the server. */
function OutcomeRows({ item, outcome }: { item: Import; outcome: ImportOutcome }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const rows = useImportRows(item.id, outcome, page, item.status !== 'queued' && item.status !== 'checking');
  return (
    <Table<ImportRow>
      rowKey="row"
      size="small"
      loading={rows.isFetching}
      dataSource={rows.data?.results ?? []}
      data-testid={`import-rows-${outcome}`}
      pagination={{
        current: page,
        pageSize: 20,
        total: rows.data?.count ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'row', title: t('imports.row'), dataIndex: 'row', width: 80 },
        { key: 'key', title: t('imports.key'), dataIndex: 'key' },
        {
          key: 'detail',
          title: outcome === 'error' ? t('imports.errors') : t('imports.changes'),
          render: (_, row) =>
            outcome === 'error'
              ? Object.values(row.errors)
                  .flat()
                  .map((message) => <div key={message}>{message}</div>)
              : row.changes.map((change) => (
                  <div key={change.field}>
                    {change.label}: {change.before || '—'} → {change.after || '—'}
                  </div>
                )),
        },
      ]}
    />
  );
}

/** The import being looked at: where it stands, its counts, its rows by outcome; apply, or the error file. */
function ImportCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const current = useImport(id);
  const apply = useApply();
  const { state, start, cancel } = useDownload<'errors'>();
  const item = current.data;
  if (current.error) return <Alert type="error" showIcon message={failureMessage(current.error)} />;
  if (!item) return <Card loading />;
  const working = item.status === 'queued' || item.status === 'checking' || item.status === 'applying';
  // The apply counts the records it writes; the check, the file's rows.
  const applying = item.status === 'applying';
  const total = applying ? item.counts.new + item.counts.changed : item.progress.total;
  return (
    <Card
      title={`${titleOf(item.resource)}: ${item.file_name}`}
      data-testid="import-current"
      extra={
        <Tag color={statusColor[item.status]} data-testid="import-status">
          {t(`imports.status.${item.status}`)}
        </Tag>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {working && (
          <Progress
            percent={total ? Math.round((item.progress.done / total) * 100) : undefined}
            status="active"
            format={() => t('imports.progress', { done: formatCount(item.progress.done) })}
            aria-label={t(applying ? 'imports.applyProgressLabel' : 'imports.progressLabel')}
          />
        )}
        {item.error && <Alert type="error" showIcon message={item.error} data-testid="import-error" />}
        {item.status === 'applied' && (
          <Alert
            type="success"
            showIcon
            message={t('imports.applied', { count: item.counts.new + item.counts.changed })}
            data-testid="import-applied"
          />
        )}
        {item.status !== 'queued' && item.status !== 'checking' && item.status !== 'failed' && (
          <>
            <Counts item={item} />
            {item.counts.error > 0 && item.status === 'previewed' && (
              <Alert type="warning" showIcon message={importMessages.hasErrors(item.counts.error)} />
            )}
            <Flex gap={8} wrap align="center">
              {item.status === 'previewed' && (
                <Button
                  type="primary"
                  disabled={item.counts.error > 0 || item.counts.new + item.counts.changed === 0}
                  loading={apply.isPending}
                  onClick={() => apply.mutate(item.id, { onError: notifyFailure })}
                  data-testid="import-apply"
                >
                  {t('imports.apply', { count: item.counts.new + item.counts.changed })}
                </Button>
              )}
              {item.counts.error > 0 && (
                <Button
                  icon={<FileExcelOutlined />}
                  onClick={() =>
                    void start('errors', {
                      path: `/api/imports/${item.id}/errors.xlsx`,
                      query: {},
                      rowsHeader: 'x-export-rows',
                      fallbackName: 'idxal-sehvleri.xlsx',
                    })
                  }
                  data-testid="import-errors-file"
                >
                  {t('imports.errorsFile')}
                </Button>
              )}
              <DownloadProgress state={state} onCancel={cancel} testId="import-errors" />
            </Flex>
            <Tabs
              items={importOutcomes.map((outcome) => ({
                key: outcome,
                label: `${t(`imports.outcome.${outcome}`)} (${formatCount(item.counts[outcome])})`,
                children: <OutcomeRows item={item} outcome={outcome} />,
              }))}
              defaultActiveKey={item.counts.error > 0 ? 'error' : 'new'}
            />
          </>
        )}
      </Space>
    </Card>
  );
}

/**
 * `imports`: an administrator uploads a list's file (Excel or CSV: the list's own export, or its template), sees
 * every row checked (new, changed with what differs, unchanged, in error with the message), applies it all or
 * nothing, or takes the rows in error as a file to fix; below, every import so far.
 */
export default function ImportsPage() {
  const { t } = useTranslation();
  const [currentId, setCurrentId] = useState<number | null>(null);

  return (
    <div data-testid="imports-page">
      <PageHeader title={t('routes.imports')} />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <ImportUpload onUploaded={setCurrentId} />
        {currentId !== null && <ImportCard id={currentId} />}
        <ImportHistory onOpen={setCurrentId} />
      </Space>
    </div>
  );
}
