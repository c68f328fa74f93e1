import { i18n } from '../../i18n';

/** The batch's forms view's texts, added with the forms screens (the first screen's bundle is at its budget). */
const az = {
  batchForms: 'Blanklar',
  batchFormsTitle: 'Buraxılış № {{id}}: blanklar',
  parentBatch: 'Əsas buraxılış',
  parentBatchHint: 'Bu buraxılış başqa bir buraxılışın davamıdırsa, onu seçin.',
  parentBatchPlaceholder: 'Seriya, operator və ya region ilə axtarın',
  parentBatchOf: 'Əsas buraxılış: {{label}}',
};

const en: typeof az = {
  batchForms: 'Forms',
  batchFormsTitle: 'Batch № {{id}}: forms',
  parentBatch: 'Parent batch',
  parentBatchHint: 'If this batch continues another batch, choose it.',
  parentBatchPlaceholder: 'Search by series, operator or region',
  parentBatchOf: 'Parent batch: {{label}}',
};

i18n.addResourceBundle('az', 'translation', { fn: az }, true, false);
i18n.addResourceBundle('en', 'translation', { fn: en }, true, false);
