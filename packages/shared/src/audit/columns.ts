import { permissionResources } from '../access/permissions';
import { defineExportColumns } from '../api/list-export';
import { auditActionLabels, auditResultLabels, type AuditAction, type AuditEntry, type AuditResult } from './index';

const resourceNames = new Map<string, string>([
  ...permissionResources.map((r): [string, string] => [r.resource, r.name]),
  // A refused request to a route names no record type: the route itself.
  ['route', 'Sorğu'],
]);

/** An audit row's action, object type and result in Azerbaijani; what the trail does not name stays as stored. */
export const auditActionLabel = (action: string) => auditActionLabels[action as AuditAction] ?? action;
export const auditResourceLabel = (resource: string) => resourceNames.get(resource) ?? resource;
export const auditResultLabel = (result: string) => auditResultLabels[result as AuditResult] ?? result;
/** UTC, as stored: the trail is read across offices and compared with server logs. */
export const auditUtcTime = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/** The audit trail's columns in its export (issue 26); the screen shows the same values. */
export const auditExportColumns = defineExportColumns<AuditEntry>({
  id: { header: 'ID', value: (e) => e.id, width: 10 },
  at: { header: 'Vaxt (UTC)', value: (e) => auditUtcTime(e.at), width: 22 },
  actor_email: { header: 'İstifadəçi / daxil edilən email', value: (e) => e.actor_email ?? '', width: 28 },
  action: { header: 'Əməliyyat', value: (e) => auditActionLabel(e.action), width: 20 },
  resource: { header: 'Obyektin növü', value: (e) => auditResourceLabel(e.resource), width: 20 },
  record_id: { header: 'Obyektin id-si', value: (e) => e.record_id ?? '', width: 12 },
  object_name: { header: 'Obyekt', value: (e) => e.object_name ?? '', width: 28 },
  result: { header: 'Nəticə', value: (e) => auditResultLabel(e.result), width: 12 },
  ip: { header: 'IP ünvanı', value: (e) => e.ip ?? '', width: 16 },
  user_agent: { header: 'Brauzer', value: (e) => e.user_agent ?? '', width: 40 },
});
