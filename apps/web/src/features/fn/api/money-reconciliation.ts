import type { BankReconciliation } from '@dnx/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface MoneyReconciliationFilters {
  date_from?: string;
  date_to?: string;
  region?: string;
}

export const moneyReconciliationKey = (filters: MoneyReconciliationFilters) =>
  ['bank-statements', 'reconciliation', filters] as const;

/**
 * `GET /api/bank-statements/reconciliation/`: the money side of the reconciliation (issue 48), per day and region,
 * paid by the register against credited by the bank. Asked only by those who may read the statements.
 */
export function useMoneyReconciliation(filters: MoneyReconciliationFilters, enabled: boolean) {
  return useQuery({
    queryKey: moneyReconciliationKey(filters),
    queryFn: ({ signal }) =>
      apiRequest<BankReconciliation>('/api/bank-statements/reconciliation/', {
        query: { ...filters },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
