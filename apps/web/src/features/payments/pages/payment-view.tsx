import { formatBakuDateTime, formatDate, formatMoney, type Payment, type PaymentRow } from '@dnx/shared';
import { Card, Descriptions, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { PrintButton, PrintHeader } from '../../../components/print/print-view';
import { RecordMissing } from '../../../components/record-missing';
import { useAccessibleTable } from '../../../lib/accessible-dom';
import { useCurrentUser } from '../../../lib/current-user';
import { usePayment } from '../api/payments';
import '../texts';
import { paymentStatusText } from '../../../lib/status-text';

const money = (amount: string | null) => (amount === null ? '' : formatMoney(amount));
const record = (number: string, date: string | null, amount: string | null) =>
  [number, formatDate(date), money(amount)].filter(Boolean).join(', ');

function rowColumns(t: TFunction): ColumnsType<PaymentRow> {
  return [
    { key: 'index', title: '№', render: (_, _row, index) => index + 1 },
    { key: 'form', title: t('payments.form'), render: (_, row) => `${row.form_series} ${row.form_number}` },
    { key: 'plate', title: t('payments.plate'), dataIndex: 'plate' },
    { key: 'brand_model', title: t('payments.brandModel'), dataIndex: 'brand_model' },
    { key: 'seats', title: t('payments.seats'), dataIndex: 'seats_count', align: 'right' },
    { key: 'load', title: t('payments.load'), dataIndex: 'load_carrying_capacity', align: 'right' },
    { key: 'trailer', title: t('payments.trailerPlate'), dataIndex: 'trailer_plate' },
    { key: 'driver', title: t('payments.driverName'), dataIndex: 'driver_full_name' },
    {
      key: 'months',
      title: t('payments.months'),
      render: (_, row) => t('payments.monthsCount', { count: row.expire_date }),
    },
    {
      key: 'validity',
      title: t('payments.validity'),
      render: (_, row) => (row.valid_from ? `${formatDate(row.valid_from)} – ${formatDate(row.valid_until)}` : ''),
    },
    {
      key: 'price',
      title: t('payments.amount'),
      align: 'right',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.tax_price)}</span>,
    },
  ];
}

/** The payment's rows: one a vehicle and its form, priced; the payment's total as the summary row. */
function PaymentRowsTable({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const caption = t('payments.rowsCaption');
  const root = useAccessibleTable(caption);
  const columns = useMemo(() => rowColumns(t), [t]);
  return (
    <div ref={root} data-testid="payment-rows-table">
      <Table<PaymentRow>
        size="small"
        bordered
        title={() => <Typography.Text strong>{caption}</Typography.Text>}
        rowKey={(row) => row.id}
        columns={columns}
        dataSource={payment.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() => (
          <Table.Summary>
            <Table.Summary.Row data-testid="payment-rows-total">
              <Table.Summary.Cell index={0} colSpan={columns.length - 1}>
                <Typography.Text strong>{t('payments.total')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={columns.length - 1} align="right">
                <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(payment.total)}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </div>
  );
}

/** `fn-payment?view={id}`: one payment as stored, its header and its rows, read only and printable. */
export function PaymentView({ id }: { id: number }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const payment = usePayment(id);
  const title = t('payments.viewTitle', { id });
  const back = <BackLink to="/app/fn-payment" />;
  if (payment.isPending) return <PageSkeleton />;
  if (payment.isError)
    return <RecordMissing title={t('payments.notFound')} error={payment.error} back="/app/fn-payment" />;
  const p = payment.data;
  return (
    <div data-testid="payment-view">
      <PrintHeader title={title} user={me} />
      <PageHeader
        title={title}
        extra={
          <Space wrap>
            {back}
            <PrintButton />
          </Space>
        }
      />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            data-testid="payment-view-header"
            items={[
              { key: 'owner_code', label: t('payments.ownerCode'), children: p.owner_code },
              { key: 'owner_name', label: t('payments.ownerName'), children: p.owner_name },
              { key: 'owner_address', label: t('payments.ownerAddress'), children: p.owner_address },
              { key: 'owner_phone', label: t('payments.ownerPhone'), children: p.owner_phone },
              { key: 'status', label: t('payments.status'), children: paymentStatusText(t, p.status) },
              { key: 'total', label: t('payments.total'), children: formatMoney(p.total) },
              { key: 'receipt', label: t('payments.receiptNumber'), children: p.payment_receipt_number ?? '' },
              { key: 'receipt_date', label: t('payments.receiptDate'), children: formatDate(p.payment_receipt_date) },
              { key: 'created_at', label: t('payments.createdAt'), children: formatBakuDateTime(p.created_at) },
              {
                key: 'mdssh',
                label: t('payments.mdsshNumber'),
                children: record(p.mdssh_number, p.mdssh_date, p.mdssh_amount),
              },
              {
                key: 'itsda',
                label: t('payments.itsdaNumber'),
                children: record(p.itsda_number, p.itsda_date, p.itsda_amount),
              },
            ]}
          />
        </Card>
        <PaymentRowsTable payment={p} />
      </Space>
    </div>
  );
}
