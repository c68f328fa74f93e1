import { i18n } from '../../i18n';

/** The batch's forms view's texts, added with the forms screens (the first screen's bundle is at its budget). */
const az = {
  batchForms: 'Blanklar',
  batchFormsTitle: 'Buraxılış № {{id}}: blanklar',
};

const en: typeof az = {
  batchForms: 'Forms',
  batchFormsTitle: 'Batch № {{id}}: forms',
};

const ru: typeof az = {
  batchForms: 'Бланки',
  batchFormsTitle: 'Выпуск № {{id}}: бланки',
};

i18n.addResourceBundle('az', 'translation', { fn: az }, true, false);
i18n.addResourceBundle('en', 'translation', { fn: en }, true, false);
i18n.addResourceBundle('ru', 'translation', { fn: ru }, true, false);
