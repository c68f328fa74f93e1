import { i18n } from '../../i18n';

/** The list's own new texts (issue 29), added with the list component: the first screen's bundle is at its budget. */
const az = {
  scrollHint: 'Cədvəl sağa sürüşdürülür: bütün sütunları görmək üçün onu sürüşdürün və ya sütunları azaldın.',
  scrollRegion: 'Cədvəl (sağa sürüşdürülür)',
  noticeTitle: 'Görünüş tam tətbiq olunmadı',
};

const en: typeof az = {
  scrollHint: 'The table scrolls sideways: scroll it to see every column, or show fewer columns.',
  scrollRegion: 'Table (scrolls sideways)',
  noticeTitle: 'The view was not applied in full',
};

const ru: typeof az = {
  scrollHint: 'Таблица прокручивается вправо: прокрутите её, чтобы увидеть все столбцы, или уменьшите число столбцов.',
  scrollRegion: 'Таблица (прокручивается вправо)',
  noticeTitle: 'Представление применено не полностью',
};

i18n.addResourceBundle('az', 'translation', { listTools: az }, true, false);
i18n.addResourceBundle('en', 'translation', { listTools: en }, true, false);
i18n.addResourceBundle('ru', 'translation', { listTools: ru }, true, false);
