import { i18n } from '../../i18n';

/** The payment view's texts, added with the payments screen (the first screen's bundle is at its budget). */
const az = {
  view: 'Bax',
  viewTitle: 'Ödəniş № {{id}}',
  rowsCaption: 'Nəqliyyat vasitələri və blanklar',
};

const en: typeof az = {
  view: 'View',
  viewTitle: 'Payment № {{id}}',
  rowsCaption: 'Vehicles and forms',
};

const ru: typeof az = {
  view: 'Открыть',
  viewTitle: 'Платёж № {{id}}',
  rowsCaption: 'Транспортные средства и бланки',
};

i18n.addResourceBundle('az', 'translation', { payments: az }, true, false);
i18n.addResourceBundle('en', 'translation', { payments: en }, true, false);
i18n.addResourceBundle('ru', 'translation', { payments: ru }, true, false);
