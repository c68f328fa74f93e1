import {
  bankDifferenceKinds,
  formatDate,
  formatMoney,
  type BankDifference,
  type BankDifferenceKind,
} from '@dnx/shared';
import { Button, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/resource-list';
import { useDifferences } from '../api/bank-statements';
import { resolvable } from './resolution';
import { cut, StateTag, type Opened } from './cells';

/** The open differences across statements, by kind. */
export function Differences({ onOpen }: { onOpen: (open: Opened) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<BankDifferenceKind | undefined>();
  const [page, setPage] = useState(1);
  const differences = useDifferences(kind, page);
  const queue = (differences.data?.results ?? []).flatMap((d) =>
    d.entry_id !== null && resolvable(d.kind) ? [d.entry_id] : [],
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select<BankDifferenceKind | 'all'>
          aria-label={t('bankStatements.kind')}
          style={{ minWidth: 220 }}
          value={kind ?? 'all'}
          onChange={(value) => {
            setKind(value === 'all' ? undefined : value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('bankStatements.allStates') },
            ...bankDifferenceKinds.map((k) => ({ value: k, label: t(`bankStatements.states.${k}`) })),
          ]}
          data-testid="bank-differences-kind"
        />
        <ExportButton
          request={() => ({
            path: '/api/bank-statements/differences/export/',
            query: Object.fromEntries(kind ? [['kind', kind]] : []),
            title: t('bankStatements.differences'),
          })}
          disabled={!differences.data?.count}
        />
      </Space>
      <Table<BankDifference>
        rowKey={(d) => `${d.kind}-${d.entry_id ?? ''}-${d.payment_id ?? ''}`}
        size="small"
        loading={differences.isFetching}
        dataSource={differences.data?.results ?? []}
        data-testid="bank-differences"
        pagination={{ current: page, pageSize: 20, total: differences.data?.count ?? 0, onChange: setPage }}
        tableLayout="fixed"
        columns={[
          { key: 'kind', title: t('bankStatements.kind'), width: 160, render: (_, d) => <StateTag state={d.kind} /> },
          { key: 'day', title: t('bankStatements.date'), width: 104, render: (_, d) => formatDate(d.day) },
          {
            key: 'amount',
            title: t('bankStatements.amount'),
            align: 'right',
            width: 120,
            render: (_, d) => formatMoney(d.amount),
          },
          { key: 'reference', title: t('bankStatements.reference'), render: (_, d) => cut(d.reference) },
          {
            key: 'payer',
            title: t('bankStatements.payer'),
            render: (_, d) => cut(`${d.payer_name} ${d.payer_code}`.trim()),
          },
          { key: 'payment', title: t('bankStatements.payment'), width: 100, render: (_, d) => d.payment_id ?? '—' },
          {
            key: 'actions',
            title: t('list.actions'),
            width: 96,
            render: (_, d) =>
              d.entry_id !== null &&
              resolvable(d.kind) && (
                <Button size="small" onClick={() => onOpen({ id: d.entry_id!, queue })}>
                  {t('bankStatements.resolve')}
                </Button>
              ),
          },
        ]}
      />
    </Space>
  );
}
