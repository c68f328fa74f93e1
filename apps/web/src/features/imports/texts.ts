import { i18n } from '../../i18n';

/**
 * The import screen's texts: added when the screen loads, so the first screen's bundle does not carry them
 * (docs/performance.md, the budget).
 */
const az = {
  uploadTitle: 'Fayldan idxal',
  uploadHelp:
    'Siyahını seçin və faylı (Excel .xlsx və ya CSV, ən çox 20 MB və 100.000 sətir) yükləyin: siyahının öz ixracı və ya şablonu. Hər sətir yoxlanılır, sonra nəyin dəyişəcəyini görüb tətbiq edirsiniz: ya hamısı yazılır, ya heç biri.',
  resource: 'Siyahı',
  resourcePlaceholder: 'Siyahını seçin',
  template: 'Şablonu yüklə',
  file: 'Fayl',
  fileHelp: 'Excel (.xlsx) və ya CSV (UTF-8, vergül və ya nöqtəli vergül)',
  upload: 'Yüklə və yoxla',
  history: 'İdxal tarixçəsi',
  when: 'Vaxt',
  who: 'Kim',
  statusTitle: 'Vəziyyət',
  counts: 'Nəticə',
  open: 'Aç',
  row: 'Sətir',
  key: 'Açar',
  changes: 'Dəyişikliklər',
  errors: 'Səhvlər',
  apply: 'Tətbiq et ({{count}} qeyd)',
  applied: 'Tətbiq olundu: {{count}} qeyd yazıldı.',
  errorsFile: 'Səhvli sətirləri yüklə (.xlsx)',
  progress: '{{done}} sətir',
  progressLabel: 'Yoxlamanın gedişi',
  applyProgressLabel: 'Tətbiqin gedişi',
  openingHelp:
    'Hər sətir bir buraxılışın eyni vəziyyətdə olan nömrələridir (buraxılışın sahələri hər sətirdə təkrarlanır); ödənilmiş blank ayrıca sətirdir, bank qəbzi, ödəyici, qeydiyyat nişanı və məbləğ ilə. Eyni qəbzin sətirləri bir ödənişdir. Buraxılışın hər nömrəsi faylda bir dəfə olmalıdır.',
  status: {
    queued: 'Növbədə',
    checking: 'Yoxlanılır',
    previewed: 'Yoxlanılıb',
    applying: 'Tətbiq olunur',
    applied: 'Tətbiq olunub',
    failed: 'Alınmadı',
  },
  outcome: { new: 'Yeni', changed: 'Dəyişən', unchanged: 'Dəyişməyən', error: 'Səhvli' },
};

const en: typeof az = {
  uploadTitle: 'Import from a file',
  uploadHelp:
    "Choose the list and upload the file (Excel .xlsx or CSV, at most 20 MB and 100,000 rows): the list's own export or its template. Every row is checked; you see what would change and apply it: all of it is written, or none.",
  resource: 'List',
  resourcePlaceholder: 'Choose the list',
  template: 'Download the template',
  file: 'File',
  fileHelp: 'Excel (.xlsx) or CSV (UTF-8, comma or semicolon)',
  upload: 'Upload and check',
  history: 'Imports so far',
  when: 'When',
  who: 'Who',
  statusTitle: 'Status',
  counts: 'Result',
  open: 'Open',
  row: 'Row',
  key: 'Key',
  changes: 'Changes',
  errors: 'Errors',
  apply: 'Apply ({{count}} records)',
  applied: 'Applied: {{count}} records written.',
  errorsFile: 'Download the rows in error (.xlsx)',
  progress: '{{done}} rows',
  progressLabel: 'Progress of the check',
  applyProgressLabel: 'Progress of the apply',
  openingHelp:
    "Each row is a run of one batch's numbers in one state (the batch's fields repeat on every row); a paid form is a row of its own, with the bank receipt, payer, plate and amount. The rows of one receipt are one payment. Each number of a batch must appear once in the file.",
  status: {
    queued: 'Queued',
    checking: 'Checking',
    previewed: 'Checked',
    applying: 'Applying',
    applied: 'Applied',
    failed: 'Failed',
  },
  outcome: { new: 'New', changed: 'Changed', unchanged: 'Unchanged', error: 'In error' },
};

const ru: typeof az = {
  uploadTitle: 'Импорт из файла',
  uploadHelp:
    'Выберите список и загрузите файл (Excel .xlsx или CSV, не более 20 МБ и 100 000 строк): собственную выгрузку списка или его шаблон. Каждая строка проверяется, затем вы видите, что изменится, и применяете: записывается либо всё, либо ничего.',
  resource: 'Список',
  resourcePlaceholder: 'Выберите список',
  template: 'Скачать шаблон',
  file: 'Файл',
  fileHelp: 'Excel (.xlsx) или CSV (UTF-8, запятая или точка с запятой)',
  upload: 'Загрузить и проверить',
  history: 'История импорта',
  when: 'Когда',
  who: 'Кто',
  statusTitle: 'Состояние',
  counts: 'Результат',
  open: 'Открыть',
  row: 'Строка',
  key: 'Ключ',
  changes: 'Изменения',
  errors: 'Ошибки',
  apply: 'Применить (записей: {{count}})',
  applied: 'Применено: записано записей — {{count}}.',
  errorsFile: 'Скачать строки с ошибками (.xlsx)',
  progress: 'Строк: {{done}}',
  progressLabel: 'Ход проверки',
  applyProgressLabel: 'Ход применения',
  openingHelp:
    'Каждая строка — номера одного выпуска в одном состоянии (поля выпуска повторяются в каждой строке); оплаченный бланк — отдельная строка с банковской квитанцией, плательщиком, госномером и суммой. Строки одной квитанции — один платёж. Каждый номер выпуска должен встречаться в файле один раз.',
  status: {
    queued: 'В очереди',
    checking: 'Проверяется',
    previewed: 'Проверен',
    applying: 'Применяется',
    applied: 'Применён',
    failed: 'Не удался',
  },
  outcome: { new: 'Новые', changed: 'Изменённые', unchanged: 'Без изменений', error: 'С ошибками' },
};

i18n.addResourceBundle('az', 'translation', { imports: az }, true, false);
i18n.addResourceBundle('en', 'translation', { imports: en }, true, false);
i18n.addResourceBundle('ru', 'translation', { imports: ru }, true, false);
