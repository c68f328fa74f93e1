import type { FnForm } from '@dnx/shared';
import { defineListEndpoint } from '../../../components/resource-list';

/** `GET /api/fn/forms/`: every form of the user's regions (general-fn), paged, filtered, exported. */
export const formsEndpoint = defineListEndpoint<FnForm>(['fn', 'forms'], '/api/fn/forms/');
