import { checkAll, checkRow, nationalRoles, type ForPaymentForm, type Payment } from '@dnx/shared';
import { Button, Card, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordPresence } from '../../../components/record-presence';
import { StaleVersionAlert } from '../../../components/stale-version-alert';
import { hasUnsavedChanges } from '../../../components/unsaved-changes';
import { useCurrentUser } from '../../../lib/current-user';
import { FormPicker } from './form-picker';
import { OnlineRequestNote } from './online-request-note';
import { PaymentHeader } from './payment-header';
import { toHeader, type HeaderValues } from './payment-header-values';
import { usePaymentPrices } from './payment-prices';
import { PaymentRowCard } from './payment-row-card';
import { rowForForm } from './payment-rows';
import { PaymentTotals } from './payment-totals';
import { usePaymentDraft } from './use-payment-draft';
import { usePaymentSave } from './use-payment-save';
import { useRowInspectors } from './use-row-inspectors';

/**
 * The payment form: it owns the Ant Design form (the header) and the rows' draft (use-payment-draft.ts), and
 * composes the header (payment-header.tsx), the form picker, the rows (payment-row-card.tsx) and the totals
 * (payment-totals.tsx, priced by payment-prices.ts); save creates or edits (use-payment-save.ts).
 */
export function PaymentForm({ payment }: { payment?: Payment }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const national = (me?.groups ?? []).some((g) => nationalRoles.some((r) => r === g.code));
  const [form] = Form.useForm<HeaderValues>();
  const drafts = usePaymentDraft(form, payment);
  const { draft, setDraft } = drafts;
  const { base, stale, reload, reset, onFinish, saving } = usePaymentSave(form, payment, drafts);
  const ownerCode = (Form.useWatch<string>('owner_code', form) ?? '').trim();
  const headerRegion = Form.useWatch<number | undefined>('region', form);
  // A row's inspector is one of the payment region's: the header's for a national user, else the user's own.
  const inspectors = useRowInspectors(national ? headerRegion : (me?.region ?? undefined));
  const prices = usePaymentPrices(draft.rows);

  const addForm = (picked: ForPaymentForm) => {
    inspectors.addFormInspector(picked);
    drafts.addRow(rowForForm(picked));
  };

  return (
    <Card>
      <StaleVersionAlert stale={stale} form={form} onReload={reload} askFirst={hasUnsavedChanges} />
      {/* Who else edits this payment, and an early word when one of them saves it (issue 47). */}
      {base && <RecordPresence resource="payments" id={base.id} version={base.version} onReload={reload} />}
      {base?.online_request != null && <OnlineRequestNote request={base.online_request} />}
      <Form<HeaderValues>
        form={form}
        layout="vertical"
        initialValues={toHeader(payment)}
        onFinish={onFinish}
        data-testid="payment-form"
      >
        <PaymentHeader national={national} fillPayer={base === undefined} />

        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {t('payments.rows')}
        </Typography.Title>
        {/* A national user's picker narrows to the payment's region once it is chosen. */}
        <FormPicker
          taken={draft.rows.map((r) => r.form)}
          region={national ? headerRegion : undefined}
          onAdd={addForm}
        />
        <PaymentTotals
          draft={draft}
          total={prices.checkedTotal}
          failure={prices.failure}
          retrying={prices.retrying}
          onRetry={prices.retry}
          onCheckAll={(checked) => setDraft(checkAll(draft, checked))}
        />
        {draft.rows.length === 0 && (
          <Typography.Paragraph type="secondary">{t('payments.noRows')}</Typography.Paragraph>
        )}
        {draft.rows.map((row, index) => (
          <PaymentRowCard
            key={row.key}
            row={row}
            index={index}
            price={prices.prices[index] ?? null}
            quoteError={prices.failure?.rows[index]}
            errors={drafts.rowErrors[index] ?? {}}
            ownerCode={ownerCode}
            inspectors={inspectors.choice}
            onChange={(next) => drafts.updateRow(index, next)}
            onRemove={() => drafts.remove(row.key)}
            onCheck={(checked) => setDraft(checkRow(draft, row.key, checked))}
          />
        ))}
        <Flex justify="space-between" gap={8}>
          <Button onClick={reset} disabled={saving} data-testid="payment-reset">
            {t('form.reset')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={saving}
            disabled={!draft.rows.some((r) => r.checked)}
            data-testid="payment-save"
          >
            {t('form.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
