import { ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { maxPageSize } from '@dnx/shared';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/notify';
import { withFilters, type ListState } from './list-query';
import './texts';

/** A list's 400 under one parameter (its own sentence): an old `cursor`, or "Hamısı" over too many rows. */
const queryProblem = (error: unknown, name: 'cursor' | 'no_page') =>
  error instanceof ApiError && error.status === 400 ? error.fieldMessage(name) : null;

export interface ListErrorAlertProps {
  error: unknown;
  state: ListState;
  setState: (next: ListState) => void;
  retry: () => void;
}

/** Why the rows could not be read, with the way on: the first page, pages of 100, or again. */
export function ListErrorAlert({ error, state, setState, retry }: ListErrorAlertProps) {
  const { t } = useTranslation();
  const cursorError = queryProblem(error, 'cursor');
  // "Hamısı" over more rows than the server answers at once: its words, and back to pages of 100.
  const allError = queryProblem(error, 'no_page');
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={cursorError ?? allError ?? failureMessage(error)}
      data-testid="list-error"
      action={
        cursorError ? (
          <Button size="small" onClick={() => setState({ ...state, cursor: undefined })}>
            {t('list.firstPage')}
          </Button>
        ) : allError ? (
          <Button size="small" onClick={() => setState(withFilters(state, { perPage: maxPageSize }))}>
            {t('list.pagesOf', { count: maxPageSize })}
          </Button>
        ) : (
          <Button size="small" icon={<ReloadOutlined />} onClick={retry}>
            {t('list.retry')}
          </Button>
        )
      }
    />
  );
}

/** What a saved view named that the person no longer has. */
export function ViewNotice({ notice, onClose }: { notice: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      closable
      role="status"
      style={{ marginBottom: 16 }}
      message={t('listTools.noticeTitle')}
      description={notice}
      onClose={onClose}
      data-testid="view-notice"
    />
  );
}

/** Says the table scrolls sideways; the scrolling box is described by it. */
export function ScrollHint({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" id={id} style={{ display: 'block', marginBottom: 8 }} data-testid="scroll-hint">
      <SwapOutlined aria-hidden /> {t('listTools.scrollHint')}
    </Typography.Text>
  );
}

/** "3 new, show": new rows held back from a list that takes others' changes behind a bar. */
export function LiveBar({ held, onShow }: { held: number; onShow: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      message={t('live.newRows', { count: held })}
      action={
        <Button size="small" type="primary" onClick={onShow} data-testid="live-show">
          {t('live.show')}
        </Button>
      }
      data-testid="live-bar"
    />
  );
}
