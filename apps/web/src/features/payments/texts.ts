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
  signature: {
    title: 'Qəbzin imzası',
    checking: 'İmza yoxlanılır…',
    signed: 'Səlahiyyətli orqan tərəfindən imzalanıb',
    notGenuine: 'Saxtadır: imza təsdiqlənmədi',
    noKeys: 'İmzanı yoxlamaq üçün açarlar yoxdur (şəbəkə lazımdır).',
    mismatch: 'İmzalı məlumat bu ödənişə aid deyil.',
  },
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
  signature: {
    title: "The receipt's signature",
    checking: 'Checking the signature…',
    signed: 'Signed by the authority',
    notGenuine: 'Not genuine: the signature does not hold',
    noKeys: 'No keys to check the signature with (a network is needed).',
    mismatch: 'The signed details are not of this payment.',
  },
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
  signature: {
    title: 'Подпись квитанции',
    checking: 'Проверяется подпись…',
    signed: 'Подписано уполномоченным органом',
    notGenuine: 'Поддельная: подпись не подтверждена',
    noKeys: 'Нет ключей для проверки подписи (нужна сеть).',
    mismatch: 'Подписанные данные относятся не к этой оплате.',
  },
};

i18n.addResourceBundle('az', 'translation', { payments: az }, true, false);
i18n.addResourceBundle('en', 'translation', { payments: en }, true, false);
i18n.addResourceBundle('ru', 'translation', { payments: ru }, true, false);
