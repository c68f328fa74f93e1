import type { User } from '@dnx/shared';
import { defineListEndpoint } from '../../../components/resource-list';

/** `GET /api/user/users/` (paging, order, search, `name=value` filters) and `delete-multiple/` beside it. */
export const usersEndpoint = defineListEndpoint<User>(['users'], '/api/user/users/');
