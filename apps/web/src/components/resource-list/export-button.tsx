import { DownloadOutlined, FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import type { ListExportFormat } from '@dnx/shared';
import { Button, Dropdown, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadProgress, useDownload } from '../download';
import type { ApiListQuery } from './list-query';

/** What an export asks the server for: `GET {path}?format=…&{query}` (the screen's filters, order and columns). */
export interface ExportRequest {
  path: string;
  query: ApiListQuery;
  /** Names the file when the server gives no name. */
  title: string;
}

/**
 * The export menu of a screen (CSV or Excel): the server writes the file of every row the screen's query selects
 * and streams it; while it comes, its progress shows beside the button.
 */
export function ExportButton({
  request,
  disabled,
  ...rest
}: {
  request: () => ExportRequest;
  disabled?: boolean;
  'data-tour'?: string;
}) {
  const { t } = useTranslation();
  const { state, start, cancel } = useDownload<ListExportFormat>();
  const run = (format: ListExportFormat) => {
    const { path, query, title } = request();
    void start(format, {
      path,
      query: { ...query, format },
      rowsHeader: 'x-export-rows',
      fallbackName: `${title}.${format}`,
    });
  };
  return (
    <Flex gap={8} align="center" wrap>
      <DownloadProgress state={state} onCancel={cancel} testId="export" width={260} />
      <Dropdown
        trigger={['click']}
        // The keyboard's way in: the first item takes the focus, the arrows move it.
        autoFocus
        disabled={disabled || state.phase === 'running'}
        menu={{
          items: [
            { key: 'csv', icon: <FileTextOutlined />, label: t('list.exportCsv') },
            { key: 'xlsx', icon: <FileExcelOutlined />, label: t('list.exportExcel') },
          ],
          onClick: ({ key }) => run(key as ListExportFormat),
        }}
      >
        <Button
          icon={<DownloadOutlined />}
          loading={state.phase === 'running'}
          disabled={disabled}
          data-testid="export"
          {...rest}
        >
          {t('list.export')}
        </Button>
      </Dropdown>
    </Flex>
  );
}
