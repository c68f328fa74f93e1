import { defineExportColumns } from '../api/list-export';
import { formatBakuDateTime } from '../format/date';
import { formatDecimal } from '../resources/cells';
import type { BusRouteListItem } from './schemas';

/** The bus routes list's columns in its export (issue 26); the screen shows the same values (fare as money). */
export const busRouteExportColumns = defineExportColumns<BusRouteListItem>({
  id: { header: '№', value: (r) => r.id, width: 8 },
  number: { header: 'Marşrutun nömrəsi', value: (r) => r.number, width: 10 },
  name: { header: 'Marşrutun adı', value: (r) => r.name, width: 30 },
  transport_type: { header: 'Nəqliyyat növü', value: (r) => r.transport_type_name, width: 18 },
  region: { header: 'Region', value: (r) => r.region_name, width: 16 },
  city: { header: 'Şəhər', value: (r) => r.city_name, width: 16 },
  destination_city: { header: 'Təyinat şəhəri', value: (r) => r.destination_city_name, width: 16 },
  cover: { header: 'Əhatə dairəsi', value: (r) => r.cover, width: 18 },
  route_length_straight: {
    header: 'Marşrutun uzunluğu (düz, km)',
    value: (r) => formatDecimal(r.route_length_straight),
    width: 12,
  },
  start_time: { header: 'Başlama vaxtı', value: (r) => r.start_time ?? '', width: 10 },
  finish_time: { header: 'Bitmə vaxtı', value: (r) => r.finish_time ?? '', width: 10 },
  interval: { header: 'İnterval (dəq)', value: (r) => r.interval ?? '', width: 10 },
  fare: { header: 'Gediş haqqı', value: (r) => r.fare, money: true, width: 10 },
  route_companies: {
    header: 'Marşrut şirkətləri',
    value: (r) => r.route_companies.map((c) => c.name).join(', '),
    width: 30,
  },
  points_count: { header: 'Dayanacaq sayı', value: (r) => r.points_count, width: 10 },
  status: { header: 'Status', value: (r) => (r.status === 1 ? 'Aktiv' : 'Passiv'), width: 10 },
  created_at: { header: 'Yaradılıb', value: (r) => formatBakuDateTime(r.created_at), width: 17 },
});
