import { defineExportColumns } from '../api/list-export';
import { formatBakuDate } from '../format/date';
import type { Group, User } from './schemas';

/** The users list's columns in its export (issue 26); the screen shows the same values. */
export const userExportColumns = defineExportColumns<User>({
  email: { header: 'Email', value: (u) => u.email, width: 28 },
  last_name: { header: 'Soyad', value: (u) => u.last_name, width: 18 },
  first_name: { header: 'Ad', value: (u) => u.first_name, width: 18 },
  parent_name: { header: 'Ata adı', value: (u) => u.parent_name, width: 18 },
  phone: { header: 'Telefon', value: (u) => u.phone, width: 16 },
  region: { header: 'Region', value: (u) => u.region_name ?? '', width: 18 },
  groups: { header: 'Qruplar', value: (u) => u.group_names.join(', '), width: 30 },
  is_active: { header: 'Status', value: (u) => (u.is_active ? 'Aktiv' : 'Deaktiv'), width: 10 },
  date_joined: { header: 'Qeydiyyat tarixi', value: (u) => formatBakuDate(u.date_joined), width: 14 },
});

/** The groups list's columns in its export. */
export const groupExportColumns = defineExportColumns<Group>({
  name: { header: 'Qrupun adı', value: (g) => g.name, width: 30 },
  code: { header: 'Sistem rolu', value: (g) => (g.code ? 'Bəli' : 'Xeyr'), width: 12 },
  permissions: { header: 'İcazə sayı', value: (g) => g.permissions.length, width: 10 },
});
