import { defineExportColumns } from '../api/list-export';
import { formatBakuDateTime } from '../format/date';
import { formatDecimal } from '../resources/cells';
import type { BusRouteListItem } from './schemas';

/** A stop as the export writes it and the import reads it back. */
export interface BusRoutePointText {
  name: string;
  lat: string | null;
  lng: string | null;
}

/** The route's stops in a cell, one a line: "Name" or "Name (40.4093, 49.8671)". */
export function busRoutePointsText(points: readonly BusRoutePointText[]): string {
  return points.map((p) => (p.lat === null || p.lng === null ? p.name : `${p.name} (${p.lat}, ${p.lng})`)).join('\n');
}

/** The stops of a cell `busRoutePointsText` wrote (or a person typed the same way); empty lines skipped. */
export function busRoutePointsFromText(text: string): BusRoutePointText[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const at = /^(.*?)\s*\(\s*(-?\d+(?:[.,]\d+)?)\s*[,;]\s*(-?\d+(?:[.,]\d+)?)\s*\)$/.exec(line);
      return at ? { name: at[1]!, lat: at[2]!, lng: at[3]! } : { name: line, lat: null, lng: null };
    });
}

/** The companies in a cell, a semicolon between them (a company's name may hold a comma). */
export const busRouteCompaniesSeparator = '; ';

/** A row of the bus routes export: the list's row and the route's stops. */
export type BusRouteExportRow = BusRouteListItem & { route_points: BusRoutePointText[] };

/**
 * The bus routes list's columns in its export (issue 26); the screen shows the same values (fare as money). Every
 * field a route is written with is a column (issue 28), so the file imports back as it is.
 */
export const busRouteExportColumns = defineExportColumns<BusRouteExportRow>({
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
  route_length_versa: {
    header: 'Marşrutun uzunluğu (əks, km)',
    value: (r) => formatDecimal(r.route_length_versa),
    width: 12,
  },
  stops_number_straight: { header: 'Dayanacaqların sayı (düz)', value: (r) => r.stops_number_straight, width: 10 },
  stops_number_versa: { header: 'Dayanacaqların sayı (əks)', value: (r) => r.stops_number_versa, width: 10 },
  start_time: { header: 'Başlama vaxtı', value: (r) => r.start_time ?? '', width: 10 },
  finish_time: { header: 'Bitmə vaxtı', value: (r) => r.finish_time ?? '', width: 10 },
  one_period_time: { header: 'Bir dövrə vaxtı (dəq)', value: (r) => r.one_period_time ?? '', width: 10 },
  interval: { header: 'İnterval (dəq)', value: (r) => r.interval ?? '', width: 10 },
  fare: { header: 'Gediş haqqı', value: (r) => r.fare, money: true, width: 10 },
  route_companies: {
    header: 'Marşrut şirkətləri',
    value: (r) => r.route_companies.map((c) => c.name).join(busRouteCompaniesSeparator),
    width: 30,
  },
  route_points: { header: 'Dayanacaqlar', value: (r) => busRoutePointsText(r.route_points), width: 40 },
  points_count: { header: 'Dayanacaq sayı', value: (r) => r.points_count, width: 10 },
  description: { header: 'Təsvir', value: (r) => r.description, width: 30 },
  status: { header: 'Status', value: (r) => (r.status === 1 ? 'Aktiv' : 'Passiv'), width: 10 },
  created_at: { header: 'Yaradılıb', value: (r) => formatBakuDateTime(r.created_at), width: 17 },
});
