import { i18n } from '../../i18n';

/** The palette's texts: added when it first opens, so the first screen's bundle does not carry them. */
const az = {
  title: 'Axtarış',
  label: 'Nə axtarırsınız?',
  placeholder: 'Blank (GA 000123), VÖEN, dövlət nömrəsi, qəbz, izləmə kodu və ya ad',
  recent: 'Son axtarışlar',
  noRecent: 'Hələ axtarış yoxdur. Yazmağa başlayın.',
  nothing: 'Heç nə tapılmadı.',
  found: '{{count}} nəticə',
  short: 'Ən azı 2 simvol yazın.',
  hint: '↑ ↓ seçir, Enter açır, Esc bağlayır',
};
const en: typeof az = {
  title: 'Search',
  label: 'What are you looking for?',
  placeholder: 'Form (GA 000123), VÖEN, plate, receipt, tracking code or name',
  recent: 'Recent searches',
  noRecent: 'No searches yet. Start typing.',
  nothing: 'Nothing found.',
  found: '{{count}} results',
  short: 'Type at least 2 characters.',
  hint: '↑ ↓ choose, Enter opens, Esc closes',
};

const ru: typeof az = {
  title: 'Поиск',
  label: 'Что вы ищете?',
  placeholder: 'Бланк (GA 000123), VÖEN, госномер, квитанция, код отслеживания или имя',
  recent: 'Недавние запросы',
  noRecent: 'Запросов пока нет. Начните вводить.',
  nothing: 'Ничего не найдено.',
  found: 'Результатов: {{count}}',
  short: 'Введите не менее 2 символов.',
  hint: '↑ ↓ выбор, Enter открывает, Esc закрывает',
};

i18n.addResourceBundle('az', 'translation', { search: az }, true, false);
i18n.addResourceBundle('en', 'translation', { search: en }, true, false);
i18n.addResourceBundle('ru', 'translation', { search: ru }, true, false);
