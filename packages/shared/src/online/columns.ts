import { defineExportColumns } from '../api/list-export';
import { formatBakuDateTime } from '../format/date';
import type { OnlineCarrierListItem, OnlinePaymentListItem } from './schemas';
import { onlineStatusLabel } from './status';

/** The carriers' registrations list's (online-carrier) columns in its export (issue 26). */
export const onlineCarrierExportColumns = defineExportColumns<OnlineCarrierListItem>({
  id: { header: '№', value: (r) => r.id, width: 8 },
  code: { header: 'İzləmə kodu', value: (r) => r.code, width: 16 },
  name: { header: 'Daşıyıcının adı', value: (r) => r.name, width: 30 },
  voen: { header: 'VÖEN', value: (r) => r.voen, width: 12 },
  region: { header: 'Region', value: (r) => r.region_name, width: 16 },
  phone: { header: 'Telefon', value: (r) => r.phone, width: 16 },
  email: { header: 'E-poçt', value: (r) => r.email, width: 26 },
  status: { header: 'Status', value: (r) => onlineStatusLabel('carrier', r.status), width: 14 },
  created_at: { header: 'Göndərilib', value: (r) => formatBakuDateTime(r.created_at), width: 17 },
  decided_at: { header: 'Baxılıb', value: (r) => formatBakuDateTime(r.decided_at), width: 17 },
});

/** The requests for marks list's (online-payment) columns in its export. */
export const onlinePaymentExportColumns = defineExportColumns<OnlinePaymentListItem>({
  id: { header: '№', value: (r) => r.id, width: 8 },
  code: { header: 'İzləmə kodu', value: (r) => r.code, width: 16 },
  owner_name: { header: 'Sahibin adı', value: (r) => r.owner_name, width: 30 },
  owner_code: { header: 'VÖEN', value: (r) => r.owner_code, width: 12 },
  region: { header: 'Region', value: (r) => r.region_name, width: 16 },
  vehicles_count: { header: 'Nəqliyyat vasitələri', value: (r) => r.vehicles_count, width: 10 },
  status: { header: 'Status', value: (r) => onlineStatusLabel('payment', r.status), width: 14 },
  created_at: { header: 'Göndərilib', value: (r) => formatBakuDateTime(r.created_at), width: 17 },
  payment: { header: 'Ödəniş', value: (r) => (r.payment === null ? '' : `№ ${r.payment}`), width: 10 },
});
