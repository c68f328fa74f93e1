import type { DatePickerProps } from 'antd';
import { DatePicker } from 'antd';

/** Ant Design's DatePicker alone (about 30 KB with its calendar): the chunk `LazyDatePicker` loads. */
export default function DatePickerField(props: DatePickerProps) {
  return <DatePicker {...props} />;
}
