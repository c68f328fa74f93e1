import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import {
  formatCount,
  formatDateTime,
  importMaxBytes,
  importMessages,
  importOutcomes,
  importKinds,
  openingBalancesKind,
  importTitle,
  type Import,
  type ImportOutcome,
  type ImportKind,
  type ImportRow,
} from '@dnx/shared';
import { Alert, Button, Card, Flex, Form, Progress, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadProgress, useDownload } from '../../../components/download';
import { PageHeader } from '../../../components/page-header';
import { failureMessage, notifyFailure } from '../../../lib/notify';
import { useApply, useImport, useImportRows, useImports, useUpload } from '../api/imports';
import '../texts';

const titleOf = importTitle;
const statusColor: Record<Import['status'], string> = {
  queued: 'default',
  checking: 'blue',
  previewed: 'gold',
  applying: 'blue',
  applied: 'green',
  failed: 'red',
};
const outcomeColor: Record<ImportOutcome, string> = {
  new: 'green',
  changed: 'gold',
  unchanged: 'default',
  error: 'red',
};

/** An import's counts by outcome, as tags. */
function Counts({ item }: { item: Import }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {importOutcomes.map((outcome) => (
        <Tag key={outcome} color={outcomeColor[outcome]} data-testid={`import-count-${outcome}`}>
          {t(`imports.outcome.${outcome}`)}: {formatCount(item.counts[outcome])}
        </Tag>
      ))}
    </Space>
  );
}

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
  const [resource, setResource] = useState<ImportKind | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload();
  const history = useImports(page);
  const template = useDownload<'template'>();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && chosen.size > importMaxBytes ? importMessages.fileTooLarge : null);
  };
  const send = () => {
    if (!resource || !file || fileError) return;
    upload.mutate(
      { resource, file },
      {
        onSuccess: (created) => {
          setCurrentId(created.id);
          choose(null);
          if (input.current) input.current.value = '';
        },
        onError: (error) => setFileError(failureMessage(error)),
      },
    );
  };

  return (
    <div data-testid="imports-page">
      <PageHeader title={t('routes.imports')} />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('imports.uploadTitle')}>
          <Typography.Paragraph type="secondary">{t('imports.uploadHelp')}</Typography.Paragraph>
          <Form layout="vertical" onFinish={send} style={{ maxWidth: 560 }}>
            <Form.Item label={t('imports.resource')} htmlFor="import-resource" required>
              <Flex gap={8} wrap>
                <Select<ImportKind>
                  id="import-resource"
                  style={{ minWidth: 260, flex: 1 }}
                  value={resource ?? undefined}
                  onChange={setResource}
                  placeholder={t('imports.resourcePlaceholder')}
                  options={importKinds.map((key) => ({ value: key, label: titleOf(key) }))}
                  data-testid="import-resource"
                />
                <Button
                  icon={<DownloadOutlined />}
                  disabled={!resource}
                  onClick={() =>
                    resource &&
                    void template.start('template', {
                      path: `/api/imports/templates/${resource}.xlsx`,
                      query: {},
                      rowsHeader: 'x-export-rows',
                      fallbackName: `${resource}-sablon.xlsx`,
                    })
                  }
                  data-testid="import-template"
                >
                  {t('imports.template')}
                </Button>
              </Flex>
            </Form.Item>
            {resource === openingBalancesKind && (
              <Alert type="info" showIcon message={t('imports.openingHelp')} style={{ marginBottom: 16 }} />
            )}
            <Form.Item
              label={t('imports.file')}
              htmlFor="import-file"
              required
              validateStatus={fileError ? 'error' : undefined}
              help={fileError ?? t('imports.fileHelp')}
            >
              <input
                ref={input}
                id="import-file"
                type="file"
                accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                onChange={(event) => choose(event.target.files?.[0] ?? null)}
                aria-invalid={!!fileError}
                data-testid="import-file"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<UploadOutlined />}
              disabled={!resource || !file || !!fileError}
              loading={upload.isPending}
              data-testid="import-upload"
            >
              {t('imports.upload')}
            </Button>
          </Form>
          <DownloadProgress state={template.state} onCancel={template.cancel} testId="import-template" />
        </Card>
        {currentId !== null && <ImportCard id={currentId} />}
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
                    onClick={() => setCurrentId(item.id)}
                    aria-label={`${t('imports.open')}: ${item.file_name}`}
                  >
                    {t('imports.open')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
      </Space>
    </div>
  );
}
