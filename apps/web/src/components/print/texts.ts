import { i18n } from '../../i18n';

/** The print views' texts: added with the first screen that prints, so the first screen's bundle does not carry them. */
const az = {
  button: 'Çap et',
  printedAt: 'Çap tarixi',
  bakuTime: 'Bakı vaxtı',
  printedBy: 'Çap edən',
};

const en: typeof az = {
  button: 'Print',
  printedAt: 'Printed',
  bakuTime: 'Baku time',
  printedBy: 'Printed by',
};

const ru: typeof az = {
  button: 'Печать',
  printedAt: 'Дата печати',
  bakuTime: 'время Баку',
  printedBy: 'Напечатал(а)',
};

i18n.addResourceBundle('az', 'translation', { print: az }, true, false);
i18n.addResourceBundle('en', 'translation', { print: en }, true, false);
i18n.addResourceBundle('ru', 'translation', { print: ru }, true, false);
