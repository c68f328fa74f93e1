import type { GeneralReport } from '@dnx/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ReportParams } from './get-report';

/** `GET /api/reports/general/?date_from=&date_to=&region=`: region by transport type, per region, per month. */
export function useGeneralReport(params: ReportParams) {
  return useQuery({
    queryKey: ['reports', 'general', params],
    queryFn: ({ signal }) => apiRequest<GeneralReport>('/api/reports/general/', { query: params, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
