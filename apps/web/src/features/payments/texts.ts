import { i18n } from '../../i18n';

/** The payment view's texts, added with the payments screen (the first screen's bundle is at its budget). */
const az = {
  view: 'Bax',
  viewTitle: 'Ödəniş № {{id}}',
  rowsCaption: 'Nəqliyyat vasitələri və blanklar',
  payerFromCarrier: 'Ödəyici daşıyıcılar reyestrində tapıldı.',
  payerFromPayment: 'Ödəyici əvvəlki ödənişlərdən tanınır.',
  payerDiffers: 'Bu VÖEN üzrə məlumatlar yazdığınızdan fərqlidir',
  payerReplace: 'Onlarla əvəz et',
  payerKeep: 'Yazdığımı saxla',
};

const en: typeof az = {
  view: 'View',
  viewTitle: 'Payment № {{id}}',
  rowsCaption: 'Vehicles and forms',
  payerFromCarrier: "The payer is on the carriers' register.",
  payerFromPayment: 'The payer is known from earlier payments.',
  payerDiffers: 'The details of this VÖEN differ from what you typed',
  payerReplace: 'Replace with them',
  payerKeep: 'Keep what I typed',
};

const ru: typeof az = {
  view: 'Открыть',
  viewTitle: 'Платёж № {{id}}',
  rowsCaption: 'Транспортные средства и бланки',
  payerFromCarrier: 'Плательщик найден в реестре перевозчиков.',
  payerFromPayment: 'Плательщик известен по прежним платежам.',
  payerDiffers: 'Данные по этому VÖEN отличаются от введённых вами',
  payerReplace: 'Заменить ими',
  payerKeep: 'Оставить введённое',
};

i18n.addResourceBundle('az', 'translation', { payments: az }, true, false);
i18n.addResourceBundle('en', 'translation', { payments: en }, true, false);
i18n.addResourceBundle('ru', 'translation', { payments: ru }, true, false);
