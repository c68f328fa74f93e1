import { apiDateFormat, displayDateFormat } from '@dnx/shared';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { FilterControlProps } from './types';

/** A day filter of a list: shown dd.mm.yyyy, sent yyyy-mm-dd (created from/to, last day of validity, ...). */
export function dayFilter({ value, onChange, placeholder }: FilterControlProps) {
  return (
    <DatePicker
      value={value ? dayjs(value, apiDateFormat) : null}
      onChange={(day) => onChange(day ? day.format(apiDateFormat) : undefined)}
      format={displayDateFormat}
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ width: '100%' }}
    />
  );
}
