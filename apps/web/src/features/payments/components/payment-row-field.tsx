import { SearchOutlined } from '@ant-design/icons';
import { addServiceError } from '@dnx/shared';
import { Button, Col, Form } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowErrors } from './payment-header-values';
import { lookupFailure, type RowDraft } from './payment-rows';

/** What each group of a row's fields is given. */
export interface RowFieldsProps {
  row: RowDraft;
  index: number;
  errors: RowErrors;
  onChange: (row: RowDraft) => void;
  /** The search button beside a field that a registry fills the row from (plate, driver, licence). */
  lookupButton: LookupButton;
}

export type LookupButton = (kind: string, value: string, run: () => Promise<RowDraft>) => ReactNode;

/** One field of a row: its label names the control by the row's index, and the server's error shows under it. */
export function RowField(props: {
  index: number;
  name: string;
  label: string;
  errors: RowErrors;
  span?: number;
  children: ReactNode;
}) {
  const { index, name, errors, span = 6 } = props;
  return (
    <Col xs={24} sm={12} md={span}>
      <Form.Item
        label={props.label}
        htmlFor={`row-${index}-${name}`}
        validateStatus={errors[name] ? 'error' : undefined}
        help={errors[name]}
        style={{ marginBottom: 12 }}
      >
        {props.children}
      </Form.Item>
    </Col>
  );
}

/**
 * The row's registry lookups: one runs at a time, its button spinning; a failure is noted on the row and blocks
 * nothing.
 */
export function useRowLookup(row: RowDraft, index: number, name: string, onChange: (row: RowDraft) => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const lookup = async (kind: string, run: () => Promise<RowDraft>) => {
    setBusy(kind);
    try {
      onChange(await run());
    } catch (error) {
      onChange(addServiceError(row, lookupFailure(error)));
    } finally {
      setBusy(null);
    }
  };
  const lookupButton: LookupButton = (kind, value, run) => (
    <Button
      icon={<SearchOutlined />}
      loading={busy === kind}
      disabled={!value.trim()}
      onClick={() => void lookup(kind, run)}
      aria-label={`${t('payments.lookup')}: ${t(`payments.${kind}`)} (${name})`}
      data-testid={`row-${index}-lookup-${kind}`}
    />
  );
  return lookupButton;
}
