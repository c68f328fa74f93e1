import { allChecked, formatMoney, type PaymentDraft } from '@dnx/shared';
import { Alert, Button, Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RowDraft, QuoteFailure } from './payment-rows';

/** Check all, the checked rows' total, and why prices are missing when the quote had no answer. */
export function PaymentTotals(props: {
  draft: PaymentDraft<RowDraft>;
  total: string;
  failure: QuoteFailure | null;
  retrying: boolean;
  onRetry: () => void;
  onCheckAll: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const { draft, failure } = props;
  return (
    <>
      <Flex justify="space-between" align="center" style={{ margin: '12px 0' }}>
        <Checkbox
          checked={allChecked(draft)}
          indeterminate={draft.rows.some((r) => r.checked) && !allChecked(draft)}
          disabled={draft.rows.length === 0}
          onChange={(e) => props.onCheckAll(e.target.checked)}
          data-testid="payment-check-all"
        >
          {t('payments.checkAll')}
        </Checkbox>
        <Typography.Text strong data-testid="payment-total" aria-live="polite">
          {t('payments.total')}: {formatMoney(props.total)}
        </Typography.Text>
      </Flex>
      {failure?.unavailable && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('payments.quoteUnavailable')}
          description={failure.detail ?? t('payments.quoteUnavailableText')}
          action={
            <Button size="small" loading={props.retrying} onClick={props.onRetry}>
              {t('list.retry')}
            </Button>
          }
          data-testid="payment-quote-error"
        />
      )}
    </>
  );
}
