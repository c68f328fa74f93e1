import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  importKinds,
  importMaxBytes,
  importMessages,
  importTitle as titleOf,
  openingBalancesKind,
  type ImportKind,
} from '@dnx/shared';
import { Alert, Button, Card, Flex, Form, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadProgress, useDownload } from '../../../components/download';
import { failureMessage } from '../../../lib/notify';
import { useUpload } from '../api/imports';
import '../texts';

/** A list's file to check: the list (with its template to download) and the file, Excel or CSV, within the size. */
export function ImportUpload({ onUploaded }: { onUploaded: (id: number) => void }) {
  const { t } = useTranslation();
  const [resource, setResource] = useState<ImportKind | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload();
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
          onUploaded(created.id);
          choose(null);
          if (input.current) input.current.value = '';
        },
        onError: (error) => setFileError(failureMessage(error)),
      },
    );
  };

  return (
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
  );
}
