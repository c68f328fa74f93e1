import { fnHistoryEntrySchema, listQueryBaseSchema, maxPageSize, pageSchema } from '@dnx/shared';
import { z } from 'zod';

/** What the forms' routes share: their tags, a history's answer, the form lists' filters as the summaries say them. */
export const common = { tags: ['fn'], security: [{ bearer: [] }] };
export const historySchema = z.object({ results: z.array(fnHistoryEntrySchema) });
/** A form's history, paged (issue 56: its checks are any number): `page`, and `per_page` up to 100, the default. */
export const formHistorySchema = pageSchema(fnHistoryEntrySchema);
export const formHistoryQuerySchema = listQueryBaseSchema
  .pick({ page: true, per_page: true })
  .extend({ per_page: listQueryBaseSchema.shape.per_page.removeDefault().default(maxPageSize) });
export const formFilters =
  'filters stage, status (as of today: a paid form past its validity is 1), series, number, number_from, ' +
  'number_to, batch, operator, inspector, region, transport_type, shared; a regional user sees their region';
