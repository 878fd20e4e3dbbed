import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useDownloadExportJobMutation } from './exportJobEndpoints';
import { exportJobDismissed, selectExportJobs, type ExportJobView } from './exportJobsSlice';

/**
 * The background exports of this session, top right under the top bar (full width on a phone): each with
 * its progress (percent and parcels written), then a Download button until the file expires; a failed or
 * interrupted export says so and how to go on.
 */
export function ExportJobsNotice() {
  const intl = useIntl();
  const jobs = useAppSelector(selectExportJobs);
  if (jobs.length === 0) return null;
  return (
    <section
      aria-label={intl.formatMessage({ id: 'exports.jobs.title' })}
      data-testid="export-jobs"
      style={{
        position: 'fixed',
        top: 64,
        right: 16,
        zIndex: 1100,
        width: 'min(380px, calc(100vw - 32px))',
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
      }}
    >
      {jobs.map((job) => (
        <ExportJobCard key={job.jobId} job={job} />
      ))}
    </section>
  );
}

function ExportJobCard({ job }: { job: ExportJobView }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [download, { isLoading }] = useDownloadExportJobMutation();
  const file = job.fileName;
  const broken = job.state === 'failed' || job.state === 'interrupted';
  const text =
    job.state === 'running'
      ? job.done === 0
        ? intl.formatMessage({ id: 'exports.job.started' }, { parcels: job.parcels })
        : intl.formatMessage(
            { id: 'exports.job.running' },
            { file, percent: job.percent, done: job.done, parcels: job.parcels },
          )
      : job.state === 'done'
        ? intl.formatMessage(
            { id: 'exports.job.done' },
            {
              file,
              parcels: job.parcels,
              time: intl.formatTime(job.expiresAt ?? undefined, { hour: '2-digit', minute: '2-digit' }),
            },
          )
        : intl.formatMessage({ id: `exports.job.${job.state}` }, { file });
  return (
    <div
      role={broken ? 'alert' : 'status'}
      data-testid="export-job"
      data-state={job.state}
      style={{
        background: '#fff',
        borderRadius: 8,
        boxShadow: '0 4px 16px rgba(0, 0, 0, 0.18)',
        padding: '10px 12px',
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
        <span style={{ flex: 1, overflowWrap: 'anywhere' }}>{text}</span>
        {job.state !== 'running' && (
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={intl.formatMessage({ id: 'exports.job.dismiss' })}
            onClick={() => dispatch(exportJobDismissed(job.jobId))}
          />
        )}
      </div>
      {(job.state === 'running' || broken) && (
        <Progress
          percent={job.percent}
          size="small"
          status={broken ? 'exception' : 'active'}
          aria-label={file}
        />
      )}
      {job.state === 'done' && (
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={isLoading}
          data-testid="export-job-download"
          onClick={() => void download({ jobId: job.jobId, fileName: file })}
        >
          {intl.formatMessage({ id: 'exports.job.download' })}
        </Button>
      )}
    </div>
  );
}
