import { apiDateFormat, displayDateFormat, formatDate, formatMoney, type BankReconciliation } from '@dnx/shared';
import { Alert, Card, DatePicker, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/notify';
import { useMoneyReconciliation } from '../api/money-reconciliation';
import '../texts';

type MoneyRow = BankReconciliation['rows'][number];

/** A difference that is not zero stands out: money the register took that the bank has not credited, or more. */
function Difference({ value }: { value: string }) {
  const zero = /^-?0\.00$/.test(value);
  return (
    <Typography.Text type={zero ? undefined : 'danger'} strong={!zero}>
      {formatMoney(value)}
    </Typography.Text>
  );
}

/**
 * The money side of the forms' reconciliation (issue 48): per day and region, paid by the register (the paid
 * payments) against credited by the bank (the credits matched to them), and the difference. The period is its own
 * (the last 31 days by default); the region follows the reconciliation's filter.
 */
export function MoneyReconciliation({ region }: { region?: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<{ date_from?: string; date_to?: string }>({});
  const money = useMoneyReconciliation({ ...period, region }, true);
  const data = money.data;
  return (
    <Card size="small" title={t('fn.money.title')} data-testid="money-reconciliation">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('fn.money.help')}</Typography.Text>
        <DatePicker.RangePicker
          aria-label={t('fn.money.period')}
          format={displayDateFormat}
          value={data ? [dayjs(data.date_from, apiDateFormat), dayjs(data.date_to, apiDateFormat)] : null}
          onChange={(days) =>
            setPeriod(
              days?.[0] && days[1]
                ? { date_from: days[0].format(apiDateFormat), date_to: days[1].format(apiDateFormat) }
                : {},
            )
          }
        />
        {money.isError && <Alert type="error" showIcon message={failureMessage(money.error)} />}
        <Table<MoneyRow>
          size="small"
          rowKey={(r) => `${r.day}:${r.region}`}
          loading={money.isFetching}
          dataSource={data?.rows ?? []}
          // A day and region a line: 31 days of six regions is some 190 lines.
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('fn.money.none') }}
          columns={[
            { key: 'day', title: t('fn.money.day'), render: (_, r) => formatDate(r.day) },
            { key: 'region', title: t('fn.region'), dataIndex: 'region_name' },
            {
              key: 'payments',
              title: t('fn.money.payments'),
              align: 'right',
              render: (_, r) => `${r.credited_payments} / ${r.payments}`,
            },
            { key: 'paid', title: t('fn.money.paid'), align: 'right', render: (_, r) => formatMoney(r.paid) },
            {
              key: 'credited',
              title: t('fn.money.credited'),
              align: 'right',
              render: (_, r) => formatMoney(r.credited),
            },
            {
              key: 'difference',
              title: t('fn.money.difference'),
              align: 'right',
              render: (_, r) => <Difference value={r.difference} />,
            },
          ]}
          summary={() =>
            data && (
              <Table.Summary.Row data-testid="money-reconciliation-totals">
                <Table.Summary.Cell index={0} colSpan={3}>
                  <Typography.Text strong>{t('fn.totals')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong>{formatMoney(data.totals.paid)}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <Typography.Text strong>{formatMoney(data.totals.credited)}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  <Difference value={data.totals.difference} />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )
          }
        />
      </Space>
    </Card>
  );
}
