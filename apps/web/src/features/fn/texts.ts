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

const ru: typeof az = {
  batchForms: 'Бланки',
  batchFormsTitle: 'Выпуск № {{id}}: бланки',
  parentBatch: 'Основной выпуск',
  parentBatchHint: 'Если этот выпуск продолжает другой, выберите его.',
  parentBatchPlaceholder: 'Поиск по серии, оператору или региону',
  parentBatchOf: 'Основной выпуск: {{label}}',
};

i18n.addResourceBundle('az', 'translation', { fn: az }, true, false);
i18n.addResourceBundle('en', 'translation', { fn: en }, true, false);
i18n.addResourceBundle('ru', 'translation', { fn: ru }, true, false);
