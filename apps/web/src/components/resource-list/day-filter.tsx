import { formatDate } from '@dnx/shared';
import { Input } from 'antd';
import { lazy, Suspense } from 'react';
import type { FilterControlProps } from './types';

const DayPicker = lazy(() => import('./day-picker'));

/** The field as wide as the picker (day-picker.tsx), so the filters' row does not wrap anew when it arrives. */
const dayFilterStyle = { width: 180 } as const;

/**
 * A day filter of a list: shown dd.mm.yyyy, sent yyyy-mm-dd (created from/to, last day of validity, ...). Until the
 * picker's code has come, a field of the same size shows the day (issue 60: the picker is not in the list's chunk).
 */
export function dayFilter(props: FilterControlProps) {
  const { value, placeholder } = props;
  const waiting = (
    <Input
      readOnly
      value={value ? formatDate(value) : ''}
      placeholder={placeholder}
      aria-label={placeholder}
      style={dayFilterStyle}
    />
  );
  return (
    <Suspense fallback={waiting}>
      <DayPicker {...props} />
    </Suspense>
  );
}
