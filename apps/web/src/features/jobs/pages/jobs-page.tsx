import { PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatDateTime, type Job } from '@dnx/shared';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { failureMessage, notifyFailure, toast } from '../../../lib/notify';
import { useJobs, useRunJob } from '../api/jobs';

/** The last run's result: running, done (with what it found), failed (with why). */
function LastRun({ job }: { job: Job }) {
  const { t } = useTranslation();
  const run = job.last_run;
  if (!run) return <Typography.Text type="secondary">{t('jobs.never')}</Typography.Text>;
  const state =
    run.ok === null ? ['blue', t('jobs.running')] : run.ok ? ['green', t('jobs.ok')] : ['red', t('jobs.failed')];
  return (
    <div>
      <Tag color={state[0]}>{state[1]}</Tag> {formatDateTime(run.started_at)} ·{' '}
      {run.trigger === 'schedule' ? t('jobs.bySchedule') : run.trigger}
      {run.error && <div data-testid={`job-error-${job.name}`}>{run.error}</div>}
      {run.summary && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {JSON.stringify(run.summary)}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * `jobs`: the scheduled work (the nightly check, the cleanup) with each job's schedule in Baku time, next run, last
 * run and its result, and failures in the last 7 days; an administrator runs one now.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const jobs = useJobs();
  const run = useRunJob();
  return (
    <div data-testid="jobs-page">
      <PageHeader
        title={t('routes.jobs')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void jobs.refetch()} loading={jobs.isFetching}>
            {t('jobs.refresh')}
          </Button>
        }
      />
      {jobs.error && <Alert type="error" showIcon message={failureMessage(jobs.error)} />}
      <Table<Job>
        rowKey="name"
        loading={jobs.isLoading}
        dataSource={jobs.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="jobs-table"
        columns={[
          { key: 'label', title: t('jobs.job'), render: (_, job) => job.label },
          { key: 'cron', title: t('jobs.schedule'), render: (_, job) => <code>{job.cron}</code> },
          { key: 'next', title: t('jobs.next'), render: (_, job) => formatDateTime(job.next_run_at) },
          { key: 'last', title: t('jobs.last'), render: (_, job) => <LastRun job={job} /> },
          {
            key: 'failures',
            title: t('jobs.failures'),
            render: (_, job) => (job.failures > 0 ? <Tag color="red">{job.failures}</Tag> : 0),
          },
          {
            key: 'run',
            title: t('list.actions'),
            render: (_, job) => (
              <Button
                size="small"
                icon={<PlayCircleOutlined />}
                loading={run.isPending && run.variables === job.name}
                onClick={() =>
                  run.mutate(job.name, { onSuccess: (answer) => toast.success(answer.detail), onError: notifyFailure })
                }
                aria-label={`${t('jobs.runNow')}: ${job.label}`}
                data-testid={`job-run-${job.name}`}
              >
                {t('jobs.runNow')}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
