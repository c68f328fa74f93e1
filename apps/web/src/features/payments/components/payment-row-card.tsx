import { DeleteOutlined } from '@ant-design/icons';
import { formatMoney } from '@dnx/shared';
import { Alert, Button, Card, Checkbox, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RowErrors } from './payment-header-values';
import { PaymentRowDriver } from './payment-row-driver';
import { useRowLookup } from './payment-row-field';
import { PaymentRowService, type InspectorChoice } from './payment-row-service';
import { PaymentRowTrailer } from './payment-row-trailer';
import { PaymentRowVehicle } from './payment-row-vehicle';
import type { RowDraft } from './payment-rows';

export type { InspectorChoice } from './payment-row-service';

/** One vehicle row: the lookups fill it, their failures show on it and block nothing. */
export function PaymentRowCard(props: {
  row: RowDraft;
  index: number;
  price: string | null;
  /** Why the quote did not price this row (no tariff for its group on the day). */
  quoteError?: string;
  errors: RowErrors;
  onChange: (row: RowDraft) => void;
  onRemove: () => void;
  onCheck: (checked: boolean) => void;
  ownerCode: string;
  inspectors: InspectorChoice;
}) {
  const { t } = useTranslation();
  const { row, index, errors, onChange } = props;
  const name = `${row.form_series} ${row.form_number}`;
  const lookupButton = useRowLookup(row, index, name, onChange);
  const fields = { row, index, errors, onChange, lookupButton };

  return (
    <Card
      size="small"
      // Every row has the same field labels: the group's name tells assistive technology whose fields they are.
      role="group"
      aria-label={`${t('payments.form')} ${name}`}
      data-testid={`payment-row-${index}`}
      title={
        <Checkbox
          checked={row.checked}
          onChange={(e) => props.onCheck(e.target.checked)}
          data-testid={`row-${index}-check`}
        >
          {t('payments.form')} {name}
        </Checkbox>
      }
      extra={
        <Space>
          <Typography.Text strong data-testid={`row-${index}-price`}>
            {props.price === null ? '—' : formatMoney(props.price)}
          </Typography.Text>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={props.onRemove}
            aria-label={`${t('payments.removeRow')}: ${name}`}
            data-testid={`row-${index}-remove`}
          />
        </Space>
      }
      style={{ marginBottom: 12 }}
    >
      {row.serviceErrors.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('payments.serviceErrors')}
          description={row.serviceErrors.join(' ')}
          data-testid={`row-${index}-service-errors`}
        />
      )}
      {props.quoteError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('payments.quoteRowFailed')}
          description={props.quoteError}
          data-testid={`row-${index}-quote-error`}
        />
      )}
      {errors.form && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={errors.form} />}
      <Row gutter={12}>
        <PaymentRowVehicle {...fields} ownerCode={props.ownerCode} />
        <PaymentRowTrailer {...fields} />
        <PaymentRowDriver {...fields} />
        <PaymentRowService {...fields} inspectors={props.inspectors} />
      </Row>
    </Card>
  );
}
