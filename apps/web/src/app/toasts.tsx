import { message } from 'antd';
import { useEffect } from 'react';
import { setToastInstance } from '../lib/notify';

/** The toasts' host (at most 5, hidden after 3000 ms), mounted by the shell with the first toast (issue 60). */
export default function Toasts() {
  const [api, holder] = message.useMessage({ maxCount: 5, duration: 3 });
  useEffect(() => setToastInstance(api), [api]);
  return holder;
}
