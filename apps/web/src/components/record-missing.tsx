import { Result } from 'antd';
import { failureMessage } from '../lib/notify';
import { BackLink } from './back-link';

/** An edit screen whose record could not be read (unknown id, or the server refused). */
export function RecordMissing({ title, error, back }: { title: string; error: unknown; back: string }) {
  return <Result status="404" title={title} subTitle={failureMessage(error)} extra={<BackLink to={back} />} />;
}
