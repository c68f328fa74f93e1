import { i18n } from '../../i18n';

/** The batch's forms view's texts, added with the forms screens (the first screen's bundle is at its budget). */
const az = {
  batchForms: 'Blanklar',
  batchFormsTitle: 'Buraxılış № {{id}}: blanklar',
  parentBatch: 'Əsas buraxılış',
  parentBatchHint: 'Bu buraxılış başqa bir buraxılışın davamıdırsa, onu seçin.',
  parentBatchPlaceholder: 'Seriya, operator və ya region ilə axtarın',
  parentBatchOf: 'Əsas buraxılış: {{label}}',
  money: {
    title: 'Pul: kassa və bank',
    help: 'Hər gün və region üzrə kassanın ödənilmiş ödənişləri (qəbzin günü) və bankın onlara uzlaşdırılmış mədaxilləri; fərq bankın hələ köçürmədiyi puldur.',
    period: 'Dövr',
    day: 'Gün',
    payments: 'Mədaxili olan ödənişlər',
    paid: 'Kassa ödəyib',
    credited: 'Bank köçürüb',
    difference: 'Fərq',
    none: 'Bu dövrdə ödənilmiş ödəniş yoxdur.',
  },
};

const en: typeof az = {
  batchForms: 'Forms',
  batchFormsTitle: 'Batch № {{id}}: forms',
  parentBatch: 'Parent batch',
  parentBatchHint: 'If this batch continues another batch, choose it.',
  parentBatchPlaceholder: 'Search by series, operator or region',
  parentBatchOf: 'Parent batch: {{label}}',
  money: {
    title: 'Money: register and bank',
    help: "Per day and region, the register's paid payments (the receipt's day) and the bank's credits matched to them; the difference is money the bank has not yet credited.",
    period: 'Period',
    day: 'Day',
    payments: 'Payments with a credit',
    paid: 'Paid by the register',
    credited: 'Credited by the bank',
    difference: 'Difference',
    none: 'No paid payments in this period.',
  },
};

const ru: typeof az = {
  batchForms: 'Бланки',
  batchFormsTitle: 'Выпуск № {{id}}: бланки',
  parentBatch: 'Основной выпуск',
  parentBatchHint: 'Если этот выпуск продолжает другой, выберите его.',
  parentBatchPlaceholder: 'Поиск по серии, оператору или региону',
  parentBatchOf: 'Основной выпуск: {{label}}',
  money: {
    title: 'Деньги: касса и банк',
    help: 'По дням и регионам: оплаченные платежи кассы (день квитанции) и сопоставленные с ними поступления банка; разница — деньги, которые банк ещё не зачислил.',
    period: 'Период',
    day: 'День',
    payments: 'Платежи с поступлением',
    paid: 'Оплачено в кассе',
    credited: 'Зачислено банком',
    difference: 'Разница',
    none: 'За этот период оплаченных платежей нет.',
  },
};

i18n.addResourceBundle('az', 'translation', { fn: az }, true, false);
i18n.addResourceBundle('en', 'translation', { fn: en }, true, false);
i18n.addResourceBundle('ru', 'translation', { fn: ru }, true, false);
