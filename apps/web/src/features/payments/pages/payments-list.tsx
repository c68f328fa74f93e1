import { dayFilter } from '../../../components/resource-list';
import {
  EditOutlined,
  EyeOutlined,
  FilePdfOutlined,
  LinkOutlined,
  PlusOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { actionsOf, formatMoney, paymentExportColumns, PaymentStatusCode, type PaymentListItem } from '@dnx/shared';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import {
  ResourceTable,
  SearchBox,
  type FilterControlProps,
  type ResourceListDeclaration,
} from '../../../components/resource-list';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { openReceipt, paymentsEndpoint, usePaymentTransition } from '../api/payments';
import { CancelDialog } from '../components/cancel-dialog';
import { PayDialog } from '../components/pay-dialog';
import '../texts';
import { paymentStatusOptions, paymentStatusText } from '../../../lib/status-text';

const textFilter =
  (testId: string) =>
  ({ value, onChange, placeholder }: FilterControlProps) => (
    <SearchBox
      value={value ?? ''}
      onSearch={(text) => onChange(text.trim() || undefined)}
      placeholder={placeholder}
      width="100%"
      data-testid={testId}
    />
  );

const statusColor: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'green', 4: 'default' };

/** The public check's address of a payment (its receipt's QR holds the same). */
export const verifyPath = (code: string) => `/verify/${code}`;

function SubmitButton({ payment }: { payment: PaymentListItem }) {
  const { t } = useTranslation();
  const move = usePaymentTransition();
  return (
    <Popconfirm
      title={t('payments.submitConfirm', { id: payment.id })}
      okText={t('payments.submit')}
      cancelText={t('list.cancel')}
      onConfirm={() =>
        move.mutateAsync({ action: 'submit', id: payment.id }).then(notifySuccess, (error: unknown) => {
          notifyFailure(error);
        })
      }
    >
      <Button
        size="small"
        type="primary"
        icon={<SendOutlined />}
        loading={move.isPending}
        aria-label={`${t('payments.submit')}: № ${payment.id}`}
        data-testid={`payment-submit-${payment.id}`}
      >
        {t('payments.submit')}
      </Button>
    </Popconfirm>
  );
}

function ReceiptButton({ payment }: { payment: PaymentListItem }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const open = () => {
    setLoading(true);
    openReceipt(payment.id)
      .catch((error: unknown) => notifyFailure(error))
      .finally(() => setLoading(false));
  };
  return (
    <Button
      size="small"
      icon={<FilePdfOutlined />}
      loading={loading}
      onClick={open}
      aria-label={`${t('payments.receipt')}: № ${payment.id}`}
      data-testid={`payment-receipt-${payment.id}`}
    >
      {t('payments.receipt')}
    </Button>
  );
}

/** `fn-payment`: the payments of the user's region, with the moves each status allows (shared `actionsOf`). */
export function PaymentsList() {
  const { t } = useTranslation();
  const [paying, setPaying] = useState<PaymentListItem | null>(null);
  const [cancelling, setCancelling] = useState<PaymentListItem | null>(null);

  const declaration = useMemo<ResourceListDeclaration<PaymentListItem>>(
    () => ({
      endpoint: paymentsEndpoint,
      // A cashier acts on the rows: new payments wait behind a bar rather than move them (issue 47).
      live: 'bar',
      title: t('routes.fn-payment'),
      rowKey: (p) => p.id,
      search: true,
      defaultSort: { orderBy: 'id', order: 'desc' },
      exportColumns: paymentExportColumns,
      // At 1280 px the amount and status show beside the payer without scrolling (issue 29); the rest on demand.
      defaultColumns: ['id', 'owner_code', 'owner_name', 'forms', 'total', 'status', 'created_at'],
      columns: [
        { key: 'id', title: '№', sortKey: 'id', width: 70 },
        { key: 'owner_code', title: t('payments.ownerCode') },
        { key: 'owner_name', title: t('payments.ownerName'), sortKey: 'owner_name' },
        { key: 'forms', title: t('payments.forms') },
        { key: 'rows_count', title: t('payments.rowsCount') },
        { key: 'total', title: t('payments.total'), sortKey: 'total', value: (p) => formatMoney(p.total) },
        {
          key: 'status',
          title: t('payments.status'),
          sortKey: 'status',
          render: (p) => <Tag color={statusColor[p.status]}>{paymentStatusText(t, p.status)}</Tag>,
        },
        { key: 'receipt', title: t('payments.receiptNumber') },
        { key: 'created_at', title: t('payments.createdAt'), sortKey: 'created_at' },
        {
          key: 'actions',
          title: t('list.actions'),
          screenOnly: true,
          value: () => '',
          render: (p) => {
            const actions = actionsOf(p.status);
            return (
              <Space size={4} wrap>
                <LinkButton
                  to={`/app/fn-payment?view=${p.id}`}
                  size="small"
                  icon={<EyeOutlined />}
                  aria-label={`${t('payments.view')}: № ${p.id}`}
                  data-testid={`payment-view-${p.id}`}
                >
                  {t('payments.view')}
                </LinkButton>
                {p.status === PaymentStatusCode.underReview && (
                  <LinkButton
                    to={`/app/fn-payment?form=${p.id}`}
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('list.edit')}: № ${p.id}`}
                    data-testid={`payment-edit-${p.id}`}
                  >
                    {t('list.edit')}
                  </LinkButton>
                )}
                {actions.includes('submit') && <SubmitButton payment={p} />}
                {actions.includes('pay') && (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => setPaying(p)}
                    aria-label={`${t('payments.pay')}: № ${p.id}`}
                    data-testid={`payment-pay-${p.id}`}
                  >
                    {t('payments.pay')}
                  </Button>
                )}
                {actions.includes('cancel') && (
                  <Button
                    size="small"
                    danger
                    onClick={() => setCancelling(p)}
                    aria-label={`${t('payments.cancel')}: № ${p.id}`}
                    data-testid={`payment-cancel-${p.id}`}
                  >
                    {t('payments.cancel')}
                  </Button>
                )}
                {p.status === PaymentStatusCode.paid && <ReceiptButton payment={p} />}
                {p.status === PaymentStatusCode.paid && (
                  <a
                    href={verifyPath(p.verify_code)}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`${t('payments.verifyLink')}: № ${p.id}`}
                    data-testid={`payment-verify-${p.id}`}
                  >
                    <LinkOutlined /> {t('payments.verifyLink')}
                  </a>
                )}
              </Space>
            );
          },
        },
      ],
      filters: [
        {
          name: 'status',
          label: t('payments.status'),
          options: paymentStatusOptions(t),
        },
        { name: 'owner_code', label: t('payments.ownerCode'), render: textFilter('filter-input-owner-code') },
        {
          name: 'payment_receipt_number',
          label: t('payments.receiptNumber'),
          render: textFilter('filter-input-receipt-number'),
        },
        { name: 'created_from', label: t('payments.createdFrom'), render: dayFilter },
        { name: 'created_to', label: t('payments.createdTo'), render: dayFilter },
      ],
    }),
    [t],
  );

  return (
    <>
      <ResourceTable
        declaration={declaration}
        canDelete={false}
        actions={
          <LinkButton to="/app/fn-payment?form=new" type="primary" icon={<PlusOutlined />} data-testid="create-payment">
            {t('payments.create')}
          </LinkButton>
        }
      />
      <PayDialog payment={paying} onClose={() => setPaying(null)} />
      <CancelDialog payment={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
