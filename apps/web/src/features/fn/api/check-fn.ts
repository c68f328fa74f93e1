import type { FnCheck } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/fn/check/?series=&number=`: a mark of any region by its series and 6-digit number. */
export function checkFn(series: string, number: string, signal?: AbortSignal): Promise<FnCheck> {
  return apiRequest<FnCheck>('/api/fn/check/', { query: { series, number }, signal });
}

/** The check of the series and number in the address; idle until both are given. */
export function useCheckFn(series: string, number: string) {
  return useQuery({
    queryKey: ['fn', 'check', series, number],
    queryFn: ({ signal }) => checkFn(series, number, signal),
    enabled: series !== '' && number !== '',
    // A 404 is an answer ("never issued"), not a fault to try again.
    retry: false,
  });
}
