import { apiDateFormat, displayDateFormat } from '@dnx/shared';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { FilterControlProps } from './types';

/** The day filter's picker (Ant Design's DatePicker, about 30 KB): its own chunk, loaded when a list shows one. */
export default function DayPicker({ value, onChange, placeholder }: FilterControlProps) {
  return (
    <DatePicker
      value={value ? dayjs(value, apiDateFormat) : null}
      onChange={(day) => onChange(day ? day.format(apiDateFormat) : undefined)}
      format={displayDateFormat}
      placeholder={placeholder}
      aria-label={placeholder}
      // As wide as the field that stands in for it (day-filter.tsx).
      style={{ width: 180 }}
    />
  );
}
