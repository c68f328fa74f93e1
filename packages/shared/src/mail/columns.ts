import { defineExportColumns } from '../api/list-export';
import { formatBakuDateTime } from '../format/date';
import { mailKindLabels, mailStatusLabels, type MailItem } from './index';

/** The mail outbox's columns in its export (issue 26); the screen shows the same values. Never a body. */
export const mailExportColumns = defineExportColumns<MailItem>({
  id: { header: 'ID', value: (m) => m.id, width: 8 },
  created_at: { header: 'Yaradılıb', value: (m) => formatBakuDateTime(m.created_at), width: 17 },
  kind: { header: 'Növ', value: (m) => mailKindLabels[m.kind] ?? m.kind, width: 24 },
  to: { header: 'Kimə', value: (m) => m.to, width: 28 },
  subject: { header: 'Mövzu', value: (m) => m.subject, width: 36 },
  status: { header: 'Status', value: (m) => mailStatusLabels[m.status], width: 20 },
  attempts: { header: 'Cəhdlər', value: (m) => m.attempts, width: 8 },
  last_error: { header: 'Son xəta', value: (m) => m.last_error ?? '', width: 36 },
  sent_at: { header: 'Göndərilib', value: (m) => formatBakuDateTime(m.sent_at), width: 17 },
});
