import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/notify';
import { formatCount, formatMegabytes } from '../../lib/number-format';
import { downloadFile, type ExportProgress, type FileRequest } from './download-file';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

export type DownloadState<K extends string> =
  | { phase: 'idle' }
  | { phase: 'running'; kind: K; progress: ExportProgress }
  | { phase: 'done'; name: string; progress: ExportProgress }
  | { phase: 'failed'; message: string };

/** What a download has come to, in words: the rows the file holds and the megabytes received. */
function progressText(t: (key: string, options?: Record<string, unknown>) => string, progress: ExportProgress) {
  const received = t('download.received', { mb: formatMegabytes(progress.received) });
  return progress.rows === null
    ? received
    : `${t('download.exportRows', { rows: formatCount(progress.rows) })} · ${received}`;
}

/**
 * A file the server streams (a report, a list's export), one at a time: `start` runs it (a new one stops the one
 * running), `cancel` stops it; the state says how far it came. Leaving the screen stops it.
 */
export function useDownload<K extends string>() {
  const { t } = useTranslation();
  const [state, setState] = useState<DownloadState<K>>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (kind: K, request: FileRequest) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    let last: ExportProgress = { rows: null, received: 0 };
    setState({ phase: 'running', kind, progress: last });
    try {
      const name = await downloadFile(
        request,
        (progress) => {
          last = progress;
          setState({ phase: 'running', kind, progress });
        },
        controller.signal,
      );
      setState({ phase: 'done', name, progress: last });
    } catch (error) {
      if (controller.signal.aborted) setState({ phase: 'failed', message: t('download.exportCancelled') });
      else setState({ phase: 'failed', message: failureMessage(error) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };
  return { state, start, cancel: () => abort.current?.abort() };
}

/**
 * How a download goes: while it comes a progress bar with the rows and megabytes and a stop button, then what was
 * saved, or why it failed. `testId` prefixes the parts' test ids (`report-export`: `report-export-progress`, ...).
 */
export function DownloadProgress<K extends string>({
  state,
  onCancel,
  testId,
  width = 280,
}: {
  state: DownloadState<K>;
  onCancel: () => void;
  testId: string;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      {(state.phase === 'running' || state.phase === 'done') && (
        <Flex gap={8} align="center" style={{ width }} data-testid={`${testId}-progress`} data-phase={state.phase}>
          <div style={{ flex: 1 }}>
            <Progress
              size="small"
              percent={100}
              status={state.phase === 'running' ? 'active' : 'success'}
              showInfo={false}
              aria-label={state.phase === 'running' ? t('download.exporting') : t('download.exportReady')}
              // The size of a streamed file is not known in advance: while it comes the bar says no number.
              aria-valuenow={state.phase === 'running' ? undefined : 100}
              aria-valuetext={progressText(t, state.progress)}
            />
            <Typography.Text type="secondary" data-testid={`${testId}-status`}>
              {state.phase === 'running'
                ? `${t('download.exporting')}: ${progressText(t, state.progress)}`
                : t('download.exportDone', { name: state.name, details: progressText(t, state.progress) })}
            </Typography.Text>
          </div>
          {state.phase === 'running' && (
            <Button size="small" icon={<StopOutlined />} onClick={onCancel} data-testid={`${testId}-cancel`}>
              {t('download.exportCancel')}
            </Button>
          )}
        </Flex>
      )}
      {/* Said once per phase, not at every piece received. */}
      <span role="status" style={visuallyHidden}>
        {state.phase === 'running' ? t('download.exporting') : state.phase === 'done' ? t('download.exportReady') : ''}
      </span>
      {state.phase === 'failed' && (
        <Alert type="error" showIcon message={state.message} data-testid={`${testId}-error`} style={{ width }} />
      )}
    </>
  );
}
