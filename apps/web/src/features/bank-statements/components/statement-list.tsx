import { formatDate, formatDateTime, formatMoney, type BankStatement } from '@dnx/shared';
import { Button, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { cut } from './cells';

/** The statements' columns, fitting 1280 px: a file with its account and number, the money, its balances. */
export function statementColumns(t: TFunction, onOpen: (id: number) => void): TableColumnsType<BankStatement> {
  const lines = (first: string, second: string) => (
    <>
      {cut(first)}
      <Typography.Text type="secondary" className="bank-cell-text" title={second}>
        {second}
      </Typography.Text>
    </>
  );
  return [
    { key: 'at', title: t('bankStatements.when'), width: 140, render: (_, s) => formatDateTime(s.created_at) },
    {
      key: 'file',
      title: `${t('bankStatements.file')} · ${t('bankStatements.account')} · ${t('bankStatements.number')}`,
      render: (_, s) => lines(s.file_name, `${s.account} · ${s.number}`),
    },
    {
      key: 'period',
      title: t('bankStatements.period'),
      width: 185,
      render: (_, s) => `${formatDate(s.from_date)} – ${formatDate(s.to_date)}`,
    },
    {
      key: 'credits',
      title: t('bankStatements.credits'),
      align: 'right',
      width: 115,
      render: (_, s) => formatMoney(s.credits_total),
    },
    {
      key: 'debits',
      title: t('bankStatements.debits'),
      align: 'right',
      width: 115,
      render: (_, s) => formatMoney(s.debits_total),
    },
    {
      key: 'balances',
      title: `${t('bankStatements.opening')} / ${t('bankStatements.closing')}`,
      align: 'right',
      width: 125,
      render: (_, s) => lines(formatMoney(s.opening_balance), formatMoney(s.closing_balance)),
    },
    {
      key: 'open',
      title: t('list.actions'),
      width: 72,
      render: (_, s) => (
        <Button size="small" onClick={() => onOpen(s.id)} aria-label={`${t('bankStatements.open')}: ${s.file_name}`}>
          {t('bankStatements.open')}
        </Button>
      ),
    },
  ];
}

// The reconciliation panel loads when a credit is first opened: the first screen carries only the lists.
