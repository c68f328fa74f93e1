import { FileExcelOutlined, FilePdfOutlined, StopOutlined } from '@ant-design/icons';
import type { ReportExportFormat } from '@dnx/shared';
import { Alert, Button, Flex, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/notify';
import { formatCount, formatMegabytes } from '../../../lib/number-format';
import { downloadReport, type ExportProgress } from '../api/export-report';
import type { ReportParams } from '../api/get-report';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; format: ReportExportFormat; progress: ExportProgress }
  | { phase: 'done'; name: string; progress: ExportProgress }
  | { phase: 'failed'; message: string };

/** What a download has come to, in words: the rows the file holds and the megabytes received. */
function progressText(t: (key: string, options?: Record<string, unknown>) => string, progress: ExportProgress) {
  const received = t('reports.received', { mb: formatMegabytes(progress.received) });
  return progress.rows === null
    ? received
    : `${t('reports.exportRows', { rows: formatCount(progress.rows) })} · ${received}`;
}

/**
 * "Excel" and "PDF": the report of the filters applied (`params`) as a file the server streams. While it comes, a
 * progress bar with the rows the file holds and the megabytes received; the file is saved under the server's name.
 */
export function ExportButtons({ params, disabled }: { params: ReportParams; disabled?: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async (format: ReportExportFormat) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    let last: ExportProgress = { rows: null, received: 0 };
    setState({ phase: 'running', format, progress: last });
    try {
      const name = await downloadReport(
        params,
        format,
        (progress) => {
          last = progress;
          setState({ phase: 'running', format, progress });
        },
        controller.signal,
      );
      setState({ phase: 'done', name, progress: last });
    } catch (error) {
      if (controller.signal.aborted) setState({ phase: 'failed', message: t('reports.exportCancelled') });
      else setState({ phase: 'failed', message: failureMessage(error) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const running = state.phase === 'running';
  return (
    <Flex vertical gap={8} align="flex-end" style={{ minWidth: 280 }}>
      <Space wrap>
        <Button
          icon={<FileExcelOutlined />}
          onClick={() => void run('xlsx')}
          disabled={disabled || running}
          loading={running && state.format === 'xlsx'}
          data-testid="report-export-xlsx"
        >
          Excel
        </Button>
        <Button
          icon={<FilePdfOutlined />}
          onClick={() => void run('pdf')}
          disabled={disabled || running}
          loading={running && state.format === 'pdf'}
          data-testid="report-export-pdf"
        >
          PDF
        </Button>
        {running && (
          <Button icon={<StopOutlined />} onClick={() => abort.current?.abort()} data-testid="report-export-cancel">
            {t('reports.exportCancel')}
          </Button>
        )}
      </Space>
      {(state.phase === 'running' || state.phase === 'done') && (
        <div style={{ width: 280 }} data-testid="report-export-progress" data-phase={state.phase}>
          <Progress
            size="small"
            percent={100}
            status={state.phase === 'running' ? 'active' : 'success'}
            showInfo={false}
            aria-label={state.phase === 'running' ? t('reports.exporting') : t('reports.exportReady')}
            // The size of a streamed file is not known in advance: while it comes the bar says no number.
            aria-valuenow={state.phase === 'running' ? undefined : 100}
            aria-valuetext={progressText(t, state.progress)}
          />
          <Typography.Text type="secondary" data-testid="report-export-status">
            {state.phase === 'running'
              ? `${t('reports.exporting')}: ${progressText(t, state.progress)}`
              : t('reports.exportDone', { name: state.name, details: progressText(t, state.progress) })}
          </Typography.Text>
        </div>
      )}
      {/* Said once per phase, not at every piece received. */}
      <span role="status" style={visuallyHidden}>
        {state.phase === 'running' ? t('reports.exporting') : state.phase === 'done' ? t('reports.exportReady') : ''}
      </span>
      {state.phase === 'failed' && (
        <Alert type="error" showIcon message={state.message} data-testid="report-export-error" />
      )}
    </Flex>
  );
}
