import type { Report } from '@dnx/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The report's query as the address and the API carry it: every value text, an absent one no filter. */
export type ReportParams = Record<string, string>;

export const reportQuery = (params: ReportParams) =>
  queryOptions({
    queryKey: ['reports', 'report', params],
    queryFn: ({ signal }) => apiRequest<Report>('/api/reports/', { query: params, signal }),
    // A 400 names a filter to correct; asking again does not change it.
    retry: false,
  });

/** `GET /api/reports/?date_from=&date_to=&…&group_by=`: the figures per group and their totals. */
export function useReport(params: ReportParams) {
  return useQuery({ ...reportQuery(params), placeholderData: keepPreviousData });
}
