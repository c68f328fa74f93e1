import { dayFilter } from '../../../components/resource-list';
import { PlusOutlined } from '@ant-design/icons';
import { formatMoney, paymentExportColumns, type PaymentListItem } from '@dnx/shared';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import {
  ResourceTable,
  SearchBox,
  type FilterControlProps,
  type ResourceListDeclaration,
} from '../../../components/resource-list';
import { paymentsEndpoint } from '../api/payments';
import { CancelDialog } from '../components/cancel-dialog';
import { PayDialog } from '../components/pay-dialog';
import { PaymentRowActions } from '../components/payment-row-actions';
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
          render: (p) => <PaymentRowActions payment={p} onPay={setPaying} onCancel={setCancelling} />,
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
