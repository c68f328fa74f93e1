import type { DatePickerProps } from 'antd';
import { Input } from 'antd';
import { lazy, Suspense } from 'react';

const DatePickerField = lazy(() => import('./date-picker-field'));

/**
 * A DatePicker whose code loads with the first one shown, not with the screen's chunk (issue 60: a report's filters,
 * a form's day). Until it has come, a read-only field of the same size holds the day, its id and its test id, so the
 * label, the layout and a test's locator stay where they are.
 */
export function LazyDatePicker(props: DatePickerProps) {
  const { value, format, placeholder, style, id, disabled } = props;
  const day = Array.isArray(value) ? undefined : value;
  const shown = day ? day.format(typeof format === 'string' ? format : undefined) : '';
  const waiting = (
    <Input
      readOnly
      id={id}
      value={shown}
      placeholder={typeof placeholder === 'string' ? placeholder : undefined}
      disabled={disabled}
      style={style}
      data-testid={(props as { 'data-testid'?: string })['data-testid']}
    />
  );
  return (
    <Suspense fallback={waiting}>
      <DatePickerField {...props} />
    </Suspense>
  );
}
