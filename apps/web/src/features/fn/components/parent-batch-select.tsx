import type { FnBatch, Page } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { useBatch } from '../api/batches';

/** How a batch is named where it is chosen or shown: its number, series and range. */
export const batchLabel = (batch: Pick<FnBatch, 'id' | 'series' | 'start_number' | 'finish_number'>) =>
  `№ ${batch.id} · ${batch.series} ${batch.start_number}-${batch.finish_number}`;

/** Batches found by the list's own search (series, operator, region): the first 20. */
function useBatchSearch(search: string) {
  return useQuery({
    queryKey: ['fn', 'batches', 'parent-choices', search],
    queryFn: ({ signal }) =>
      apiRequest<Page<FnBatch>>('/api/fn/batches/', {
        query: { search, per_page: 20, order_by: 'id', order: 'desc' },
        signal,
      }),
  });
}

export interface ParentBatchSelectProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The batch being edited: it cannot be its own parent. */
  self?: number;
  id?: string;
}

/** The parent batch (the spec's `fnBase`): the batch this one continues, searched among the batches one may see. */
export function ParentBatchSelect({ value, onChange, self, id }: ParentBatchSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useBatchSearch(useDeferredValue(search));
  // The chosen one is named even when the search does not list it.
  const chosen = useBatch(value ?? null);
  const batches = [...(found.data?.results ?? [])];
  if (chosen.data && !batches.some((b) => b.id === chosen.data.id)) batches.unshift(chosen.data);
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(next?: number) => onChange?.(next ?? null)}
      placeholder={t('fn.parentBatchPlaceholder')}
      loading={found.isFetching}
      options={batches.filter((b) => b.id !== self).map((b) => ({ value: b.id, label: batchLabel(b) }))}
      notFoundContent={found.isError ? t('resources.unavailable') : undefined}
      style={{ width: '100%' }}
      data-testid="fn-parent-batch"
    />
  );
}
