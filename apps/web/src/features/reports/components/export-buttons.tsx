import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { ReportExportFormat } from '@dnx/shared';
import { Button, Flex, Space } from 'antd';
import { DownloadProgress, useDownload } from '../../../components/download';
import type { ReportParams } from '../api/get-report';

/**
 * "Excel" and "PDF": the report of the filters applied (`params`) as a file the server streams
 * (`GET /api/reports/export/`), with its progress while it comes.
 */
export function ExportButtons({ params, disabled }: { params: ReportParams; disabled?: boolean }) {
  const { state, start, cancel } = useDownload<ReportExportFormat>();
  const run = (format: ReportExportFormat) =>
    void start(format, {
      path: '/api/reports/export/',
      query: { ...params, format },
      rowsHeader: 'x-report-rows',
      fallbackName: `hesabat.${format}`,
    });
  const running = state.phase === 'running';
  return (
    <Flex vertical gap={8} align="flex-end" style={{ minWidth: 280 }} className="no-print">
      <Space wrap>
        <Button
          icon={<FileExcelOutlined />}
          onClick={() => run('xlsx')}
          disabled={disabled || running}
          loading={running && state.kind === 'xlsx'}
          data-testid="report-export-xlsx"
        >
          Excel
        </Button>
        <Button
          icon={<FilePdfOutlined />}
          onClick={() => run('pdf')}
          disabled={disabled || running}
          loading={running && state.kind === 'pdf'}
          data-testid="report-export-pdf"
        >
          PDF
        </Button>
      </Space>
      <DownloadProgress state={state} onCancel={cancel} testId="report-export" />
    </Flex>
  );
}
