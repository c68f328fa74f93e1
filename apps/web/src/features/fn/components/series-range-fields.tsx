import { fnMessages, parseFnNumber, rangeSize } from '@dnx/shared';
import { Col, Form, Input, Row, Typography, type ColProps } from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

/** A form number as it is typed: digits only, at most six. */
export const digitsOnly = (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 6);

export interface SeriesRangeFieldsProps {
  /** The form's names of the first and last number (`start_number`/`finish_number`, `number_from`/`number_to`). */
  from: string;
  to: string;
  /** The schema's rules of the three fields. */
  rules: { series: Rule[]; from: Rule[]; to: Rule[] };
  /** The most numbers the range may hold, and what is said when it holds more. */
  max: number;
  tooMany: string;
  /** Column widths of the series and of each number. */
  seriesCol: ColProps;
  numberCol: ColProps;
  countTestId: string;
}

/**
 * A series and a range of its numbers (6 digits, zero-padded as typed), the count of numbers shown as it is typed,
 * and the schema's range rule: the end not before the start, at most `max` numbers. The batch form and the
 * share-by-range dialog use it.
 */
export function SeriesRangeFields({
  from,
  to,
  rules,
  max,
  tooMany,
  seriesCol,
  numberCol,
  countTestId,
}: SeriesRangeFieldsProps) {
  const { t } = useTranslation();
  const first = parseFnNumber(Form.useWatch<string>(from) ?? '');
  const last = parseFnNumber(Form.useWatch<string>(to) ?? '');
  const count = first !== null && last !== null ? rangeSize(first, last) : null;
  const rangeRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject => ({
    validator: async () => {
      const start = parseFnNumber(String(getFieldValue(from) ?? ''));
      const finish = parseFnNumber(String(getFieldValue(to) ?? ''));
      if (start === null || finish === null) return;
      if (finish < start) throw new Error(fnMessages.finishBeforeStart);
      if (rangeSize(start, finish) > max) throw new Error(tooMany);
    },
  });
  return (
    <>
      <Row gutter={16}>
        <Col {...seriesCol}>
          <Form.Item
            name="series"
            label={t('fn.series')}
            required
            rules={rules.series}
            normalize={(value: string) => value.toUpperCase()}
          >
            <Input maxLength={3} autoComplete="off" placeholder="AB" />
          </Form.Item>
        </Col>
        <Col {...numberCol}>
          <Form.Item name={from} label={t('fn.startNumber')} required rules={rules.from} normalize={digitsOnly}>
            <Input inputMode="numeric" maxLength={6} autoComplete="off" placeholder="000001" />
          </Form.Item>
        </Col>
        <Col {...numberCol}>
          <Form.Item
            name={to}
            label={t('fn.finishNumber')}
            required
            dependencies={[from]}
            rules={[...rules.to, rangeRule]}
            normalize={digitsOnly}
          >
            <Input inputMode="numeric" maxLength={6} autoComplete="off" placeholder="000100" />
          </Form.Item>
        </Col>
      </Row>
      <div style={{ marginTop: -8, marginBottom: 16 }}>
        <Typography.Text type={count === 0 ? 'danger' : 'secondary'} data-testid={countTestId} aria-live="polite">
          {count === null ? t('fn.rangeHint') : t('fn.rangeCount', { count, formatted: count.toLocaleString('az-AZ') })}
        </Typography.Text>
      </div>
    </>
  );
}
