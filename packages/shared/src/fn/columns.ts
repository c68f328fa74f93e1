import { defineExportColumns } from '../api/list-export';
import { formatBakuDate, formatBakuDateTime, formatDate } from '../format/date';
import { fnReconciliationCountKeys, type FnBatch, type FnForm, type FnReconciliation } from './schemas';
import { expireDateTypes, fnBatchStatuses, fnNoticeStatuses, fnStages } from './stages';

/** The lists' labels of a form's stage and notice status, and of a batch's status and validity. */
export const fnStageText = (key: string) => fnStages.find((s) => s.key === key)?.label ?? key;
export const fnNoticeStatusText = (code: number | null) =>
  code === null ? '' : (fnNoticeStatuses.find((s) => s.code === code)?.label ?? String(code));
export const fnBatchStatusText = (key: string) => fnBatchStatuses.find((s) => s.key === key)?.label ?? key;
export const fnBatchValidityText = (b: Pick<FnBatch, 'expire_date' | 'expire_date_type'>) =>
  `${b.expire_date} × ${expireDateTypes.find((x) => x.key === b.expire_date_type)?.label ?? b.expire_date_type}`;

/**
 * The form lists' columns in their export (issue 26): general-fn, active-fn and paid-fn show some of them each and
 * ask for those (`columns=`). The screens show the same values.
 */
export const fnFormExportColumns = defineExportColumns<FnForm>({
  series: { header: 'Seriya', value: (f) => f.series, width: 8 },
  number: { header: 'Nömrə', value: (f) => f.number, width: 10 },
  batch: { header: 'Buraxılış №', value: (f) => f.batch, width: 10 },
  stage: { header: 'Mərhələ', value: (f) => fnStageText(f.stage), width: 16 },
  status: {
    header: 'Status',
    value: (f) =>
      f.annulled ? `${fnNoticeStatusText(f.status)} (Ləğv edilib (annulyasiya))` : fnNoticeStatusText(f.status),
    width: 18,
  },
  inspector: { header: 'Müfəttiş', value: (f) => f.inspector_name ?? '', width: 24 },
  valid_from: { header: 'Etibarlıdır (başlanğıc)', value: (f) => formatDate(f.valid_from), width: 12 },
  valid_to: { header: 'Etibarlıdır (son)', value: (f) => formatDate(f.valid_to), width: 12 },
  void_reason: { header: 'Səbəb', value: (f) => f.void_reason ?? '', width: 24 },
  updated_at: { header: 'Dəyişilib', value: (f) => formatBakuDateTime(f.updated_at), width: 17 },
});

/** The batches list's (new-fn) columns in its export. */
export const fnBatchExportColumns = defineExportColumns<FnBatch>({
  id: { header: '№', value: (b) => b.id, width: 8 },
  series: { header: 'Seriya', value: (b) => b.series, width: 8 },
  range: { header: 'Nömrə aralığı', value: (b) => `${b.start_number} - ${b.finish_number}`, width: 18 },
  count: { header: 'Say', value: (b) => b.count, width: 8 },
  region: { header: 'Region', value: (b) => b.region_name, width: 16 },
  operator: { header: 'Operator', value: (b) => b.operator_name, width: 24 },
  transport_type: { header: 'Nəqliyyat növü', value: (b) => b.transport_type_name, width: 18 },
  coefficient: { header: 'FN əmsalı', value: (b) => b.coefficient_value, width: 10 },
  validity: { header: 'Etibarlılıq müddəti', value: fnBatchValidityText, width: 14 },
  status: { header: 'Buraxılışın statusu', value: (b) => fnBatchStatusText(b.status), width: 14 },
  stages: {
    header: 'Mərhələlər üzrə',
    value: (b) => `yeni ${b.stages.new}, aktiv ${b.stages.active}, verilib ${b.stages.shared}, ləğv ${b.stages.voided}`,
    width: 34,
  },
  created_at: { header: 'Yaradılıb', value: (b) => formatBakuDate(b.created_at), width: 12 },
  fnBase: { header: 'Əsas buraxılış', value: (b) => (b.fnBase === null ? '' : `№ ${b.fnBase}`), width: 12 },
});

/** A line of the reconciliation's export: a series and operator, or the totals (no operator, no region). */
export type FnReconciliationLine = FnReconciliation['totals'] & {
  series: string;
  operator_name: string | null;
  region_name: string | null;
};

/** The first cell of the reconciliation's totals line. */
export const fnReconciliationTotalsLabel = 'Cəmi';

const countHeaders: Record<(typeof fnReconciliationCountKeys)[number], string> = {
  batches: 'Buraxılış',
  issued: 'Buraxılıb',
  new: 'Yeni',
  active: 'Aktiv',
  shared: 'Müfəttişdə',
  used: 'İstifadə',
  paid: 'Ödənilib',
  expired: 'Müddəti bitib',
  voided: 'Ləğv',
  annulled: 'Annulyasiya',
};

/** The reconciliation's columns in its export (the table the screen shows, its totals line last). */
export const fnReconciliationExportColumns = defineExportColumns<FnReconciliationLine>({
  series: { header: 'Seriya', value: (r) => r.series, width: 8 },
  operator: { header: 'Operator', value: (r) => r.operator_name ?? '', width: 24 },
  region: { header: 'Region', value: (r) => r.region_name ?? '', width: 16 },
  ...Object.fromEntries(
    fnReconciliationCountKeys.map((key) => [
      key,
      { header: countHeaders[key], value: (r: FnReconciliationLine) => r[key], width: 11 },
    ]),
  ),
  balanced: { header: 'Cəm uyğundur', value: (r) => (r.balanced ? 'Bəli' : 'Xeyr'), width: 12 },
});
