import { defineExportColumns } from '../api/list-export';
import { formatBakuDate, formatDate } from '../format/date';
import type { PaymentListItem } from './schemas';
import { paymentStatusLabel } from './status';

/** The payments list's columns in its export (issue 26); the screen shows the same values. */
export const paymentExportColumns = defineExportColumns<PaymentListItem>({
  id: { header: '№', value: (p) => p.id, width: 8 },
  owner_code: { header: 'VÖEN', value: (p) => p.owner_code, width: 12 },
  owner_name: { header: 'Ödəyicinin adı', value: (p) => p.owner_name, width: 30 },
  forms: { header: 'Blanklar', value: (p) => p.forms.join(', '), width: 30 },
  rows_count: { header: 'Nəqliyyat vasitələri', value: (p) => p.rows_count, width: 10 },
  total: { header: 'Cəmi', value: (p) => p.total, money: true, width: 12 },
  status: { header: 'Status', value: (p) => paymentStatusLabel(p.status), width: 16 },
  receipt: {
    header: 'Bank qəbzinin nömrəsi',
    value: (p) =>
      p.payment_receipt_number ? `${p.payment_receipt_number} (${formatDate(p.payment_receipt_date)})` : '',
    width: 26,
  },
  created_at: { header: 'Yaradılıb', value: (p) => formatBakuDate(p.created_at), width: 12 },
});
