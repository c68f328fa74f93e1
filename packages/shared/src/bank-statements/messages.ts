/** The bank statements' messages, exact (issue 48, 56, 57): the server answers them, the screen shows them. */
export const bankStatementMessages = {
  fileRequired: 'Çıxarışın faylını seçin.',
  fileTooLarge: 'Çıxarışın faylı 20 MB-dan böyük ola bilməz.',
  formatUnknown: 'Fayl camt.053 (XML), MT940 və ya sənədləşdirilmiş CSV formatında bank çıxarışı deyil.',
  fileUnreadable: (reason: string) => `Çıxarış oxunmadı: ${reason}.`,
  xmlDeclarations:
    'XML faylında DOCTYPE və ya ENTITY elanı var: bank çıxarışında bunlar olmur və belə fayl qəbul edilmir.',
  xmlBroken: 'Faylın XML-i düzgün deyil: o, kəsilib və ya zədələnib.',
  xmlEntity: (name: string) =>
    `XML faylında elan edilməmiş "&${name};" var: XML-də yalnız &amp; &lt; &gt; &quot; &apos; və simvol kodları olur.`,
  oneStatement: 'Faylda düz bir çıxarış olmalıdır.',
  csvTooLong: 'CSV faylında həddən uzun xana və ya sətir var (xana 1.000, sətir 10.000 simvol, 50 sütun).',
  currency: (currency: string) => `Çıxarışın valyutası AZN olmalıdır, faylda: ${currency}.`,
  balanceCurrency: (which: string, currency: string, expected: string) =>
    `Çıxarışın ${which} qalığının valyutası ${currency}, çıxarışın valyutası isə ${expected}.`,
  entryCurrency: (position: number, currency: string, expected: string) =>
    `Əməliyyat №${position}: valyutası ${currency}, çıxarışın valyutası isə ${expected}.`,
  lineCurrency: (line: number, currency: string, expected: string) =>
    `Sətir ${line}: valyuta ${currency}, çıxarışın valyutası isə ${expected}.`,
  lineAccount: (line: number) => `Sətir ${line}: hesab çıxarışın hesabından fərqlidir.`,
  entryStatus: (position: number) => `Əməliyyat №${position}: statusu (Sts) yoxdur.`,
  entryDirection: (position: number) =>
    `Əməliyyat №${position}: mədaxil və ya məxaric (CdtDbtInd) CRDT və ya DBIT olmalıdır.`,
  balanceDirection: (which: string) => `Çıxarışın ${which} qalığında CdtDbtInd CRDT və ya DBIT olmalıdır.`,
  lineNumber: (line: number) => `Sətir ${line}: çıxarışın nömrəsi birinci sətirdəkindən fərqlidir.`,
  otherContent: (number: string) =>
    `Bu hesabın eyni nömrəli (${number}) və eyni dövrlü çıxarışı artıq başqa məbləğlərlə idxal olunub.`,
  numberOtherPeriod: (number: string, period: string) =>
    `Bu hesabın ${number} nömrəli çıxarışı artıq ${period} dövrü ilə idxal olunub: eyni nömrə başqa dövrlə qəbul edilmir.`,
  tooManyEntries: 'Çıxarışda ən çox 100.000 əməliyyat ola bilər.',
  noBalance: (which: string) => `Çıxarışda ${which} qalıq yoxdur.`,
  amountInvalid: (value: string) => `"${value}" məbləğ deyil (ən çox iki onluq rəqəm).`,
  dateInvalid: (value: string) => `"${value}" tarix deyil.`,
  arithmetic: (opening: string, credits: string, debits: string, closing: string) =>
    `Çıxarışın hesabı tutmur: ilkin qalıq ${opening} + mədaxil ${credits} - məxaric ${debits} ` +
    `son qalıq ${closing} deyil.`,
  readTooSlow: (seconds: number) => `Çıxarışın oxunması ${seconds} saniyədən çox çəkdi və dayandırıldı.`,
  readTooLarge: (megabytes: number) => `Çıxarışın oxunması ${megabytes} MB-dan çox yaddaş istədi və dayandırıldı.`,
  notCredit: 'Yalnız mədaxil əməliyyatı ödənişlə uzlaşdırılır.',
  alreadyResolved: 'Bu əməliyyat artıq ödənişlə uzlaşdırılıb.',
  paymentNotPaid: 'Ödəniş tapılmadı və ya ödənilmiş deyil.',
  paymentTaken: 'Bu ödəniş artıq başqa bank əməliyyatı ilə uzlaşdırılıb.',
  resolvedMeanwhile:
    'Bu əməliyyat artıq həll edilib (bəlkə bu arada başqası tərəfindən): siyahını yeniləyib yenidən baxın.',
  notDiffering: 'Yalnız məbləği fərqli olan əlaqə qəbul edilir.',
  reasonRequired: 'Səbəbi yazın.',
  paymentRequired: 'Ödənişi seçin.',
  severalOnlyLink: 'Bir neçə ödəniş yalnız birləşmiş ödəniş kimi bağlanır (action link).',
  paymentTwice: 'Eyni ödəniş iki dəfə seçilib.',
  combinedSum: (sum: string, amount: string) =>
    `Seçilmiş ödənişlərin cəmi ${sum}, əməliyyatın məbləği isə ${amount}: birləşmiş ödəniş yalnız cəmi tutanda bağlanır.`,
  partTooLarge: (left: string) => `Bu mədaxil ödənişin qalan məbləğindən (${left}) böyükdür: hissə kimi bağlanmır.`,
  nothingToUndo: 'Bu əməliyyatın geri alınacaq əlaqəsi və ya həlli yoxdur.',
  notOpen: 'Təklif yalnız açıq (uzlaşdırılmamış) mədaxil üçün rədd edilir.',
  periodTooLong: 'Pulun uzlaşdırılmasının dövrü ən çox 366 gün ola bilər.',
  noDemo: 'Bu bazada demo çıxarışları yoxdur: onların faylları yalnız demo məlumatları ilə verilir.',
} as const;
