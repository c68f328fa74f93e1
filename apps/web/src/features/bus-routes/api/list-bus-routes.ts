import type { BusRouteListItem } from '@dnx/shared';
import { defineListEndpoint } from '../../../components/resource-list';

/** `GET /api/bus-routes/` (paging, order, search by name and number, filters region, city, transport type…). */
export const busRoutesEndpoint = defineListEndpoint<BusRouteListItem>(['bus-routes'], '/api/bus-routes/');
