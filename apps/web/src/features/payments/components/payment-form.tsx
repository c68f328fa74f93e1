import {
  checkAll,
  checkRow,
  hasPermissions,
  initialFormFrom,
  nationalRoles,
  removeRow,
  type ForPaymentForm,
  type Payment,
  type PaymentDraft,
} from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RecordPresence } from '../../../components/record-presence';
import { isStaleVersion, StaleVersionAlert } from '../../../components/stale-version-alert';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { ApiError } from '../../../lib/api-client';
import { showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/current-user';
import { personLabel, useInspectors } from '../../access/api/people-by-role';
import { paymentQuery, useSavePayment } from '../api/payments';
import { FormPicker } from './form-picker';
import type { InspectorOption } from './inspector-select';
import { PaymentHeader } from './payment-header';
import {
  amountText,
  draftOf,
  headerFields,
  headerInput,
  splitErrors,
  toHeader,
  type HeaderValues,
  type RowErrors,
} from './payment-header-values';
import { usePaymentPrices } from './payment-prices';
import { PaymentRowCard, type InspectorChoice } from './payment-row-card';
import { rowForForm, rowInput, type RowDraft } from './payment-rows';
import { PaymentTotals } from './payment-totals';

/**
 * The payment form: it owns the Ant Design form (the header) and the rows' draft, and composes the header
 * (payment-header.tsx), the form picker, the rows (payment-row-card.tsx) and the totals (payment-totals.tsx,
 * priced by payment-prices.ts); save creates or edits.
 */
export function PaymentForm({ payment }: { payment?: Payment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const national = (me?.groups ?? []).some((g) => nationalRoles.some((r) => r === g.code));
  const [form] = Form.useForm<HeaderValues>();
  // The stored payment the form's values come from: its version goes with the edit; a reload replaces it.
  const [base, setBase] = useState(payment);
  const [draft, setDraft] = useState<PaymentDraft<RowDraft>>(() => draftOf(payment));
  const [rowErrors, setRowErrors] = useState<Record<number, RowErrors>>({});
  const [stale, setStale] = useState(false);
  const save = useSavePayment();
  // Leaving asks while the header or the rows hold work not saved (issue 30): the rows are the draft, which is
  // unchanged while it is the one the form showed last (a new object on every change).
  const shownDraft = useRef(draft);
  const unsaved = useUnsavedChanges(form);
  useUnsavedChanges(() => draft !== shownDraft.current);
  const ownerCode = (Form.useWatch<string>('owner_code', form) ?? '').trim();
  const headerRegion = Form.useWatch<number | undefined>('region', form);
  // A row's inspector is one of the payment region's: the header's for a national user, else the user's own.
  const region = national ? headerRegion : (me?.region ?? undefined);
  // Whoever builds a payment (add_payment) may list the region's inspectors.
  const inspectors = useInspectors(region, region !== undefined);
  // A form shared to an inspector names them, so a saved inspector shows by name while the list loads.
  const [formInspectors, setFormInspectors] = useState<InspectorOption[]>([]);
  const inspectorChoice = useMemo<InspectorChoice>(() => {
    const listed = (inspectors.data ?? []).map((p) => ({ value: p.id, label: personLabel(p) }));
    const options = [...listed, ...formInspectors.filter((f) => !listed.some((o) => o.value === f.value))];
    const notFound =
      region === undefined ? t('fn.chooseRegionFirst') : inspectors.isError ? t('common.unavailable') : undefined;
    return { options, loading: inspectors.isLoading, notFound };
  }, [inspectors.data, inspectors.isLoading, inspectors.isError, formInspectors, region, t]);
  const prices = usePaymentPrices(draft.rows);

  const updateRow = (index: number, row: RowDraft) =>
    setDraft((d) => ({ ...d, rows: d.rows.map((r, i) => (i === index ? row : r)) }));

  const addForm = (picked: ForPaymentForm) => {
    const { inspector, inspector_name: name } = picked;
    if (inspector !== null && name)
      setFormInspectors((known) =>
        known.some((k) => k.value === inspector) ? known : [...known, { value: inspector, label: name }],
      );
    setDraft((d) => ({ ...d, rows: [...d.rows, rowForForm(picked)] }));
  };

  const remove = (key: string) => {
    const next = removeRow(draft, key);
    setDraft(next);
    setRowErrors({});
    // Removing a row zeroes the insurance amounts: they are entered again for what is left.
    form.setFieldsValue({ mdssh_amount: amountText(next.mdssh_amount), itsda_amount: amountText(next.itsda_amount) });
  };

  /** The header and the rows as `stored` has them (empty for a new payment). */
  const showStored = (stored?: Payment) => {
    form.resetFields();
    form.setFieldsValue(toHeader(stored));
    unsaved.markSaved();
    const shown = draftOf(stored);
    shownDraft.current = shown;
    setDraft(shown);
    setRowErrors({});
  };

  const reset = () => showStored(base);

  /** Someone saved the payment meanwhile: the form takes the fresh payment, its rows and its version. */
  const reload = async () => {
    if (!base) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...paymentQuery(base.id), staleTime: 0 });
      setBase(fresh);
      showStored(fresh);
      setStale(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const onFinish = (values: HeaderValues) => {
    const chosen = initialFormFrom(draft);
    const body = { ...headerInput(values), rows: chosen.rows.map(rowInput) };
    // Row errors come back by the index of the rows sent (the checked ones).
    const sentIndex = draft.rows.map((r, i) => (r.checked ? i : -1)).filter((i) => i >= 0);
    save.mutate(base ? { ...body, id: base.id, version: base.version } : body, {
      onSuccess: () => {
        notifySuccess();
        unsaved.markSaved();
        shownDraft.current = draft;
        void navigate('/app/fn-payment');
      },
      onError: (error) => {
        if (isStaleVersion(error)) {
          setStale(true);
          return;
        }
        const { rows, other } = splitErrors(error);
        const mapped: Record<number, RowErrors> = {};
        for (const [i, errors] of Object.entries(rows)) mapped[sentIndex[Number(i)] ?? Number(i)] = errors;
        setRowErrors(mapped);
        const placed = showServerErrors(form, error, [...headerFields]);
        const rowsMessage = other.find(([key]) => key === 'rows')?.[1];
        if (rowsMessage) notifyFailure(new ApiError(400, { detail: rowsMessage }));
        else if (placed.length === 0 && Object.keys(rows).length === 0) notifyFailure(error);
      },
    });
  };

  return (
    <Card>
      {stale && <StaleVersionAlert onReload={reload} />}
      {/* Who else edits this payment, and an early word when one of them saves it (issue 47). */}
      {base && <RecordPresence resource="payments" id={base.id} version={base.version} onReload={reload} />}
      {base?.online_request != null && (
        // Made of an online request (accepted in online-payment): the way back to it.
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="payment-online-request"
          message={
            hasPermissions(me?.permissions ?? [], ['view_onlinepayment']) ? (
              <Link to={`/app/online-payment?request=${base.online_request}`}>{t('payments.fromOnlineRequest')}</Link>
            ) : (
              t('payments.fromOnlineRequest')
            )
          }
        />
      )}
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
            errors={rowErrors[index] ?? {}}
            ownerCode={ownerCode}
            inspectors={inspectorChoice}
            onChange={(next) => updateRow(index, next)}
            onRemove={() => remove(row.key)}
            onCheck={(checked) => setDraft(checkRow(draft, row.key, checked))}
          />
        ))}
        <Flex justify="space-between" gap={8}>
          <Button onClick={reset} disabled={save.isPending} data-testid="payment-reset">
            {t('form.reset')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
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
