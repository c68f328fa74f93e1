/** Texts of payments, registry lookups and receipts (Azerbaijani; the spec gives none of these verbatim). */
export const paymentMessages = {
  transitionRefused: (from: string, to: string) =>
    `Ödənişin statusu "${from}" olduğu üçün "${to}" statusuna keçirilə bilməz.`,
  insuranceRequired: 'Ödəniş üçün həm MDSSH, həm də İTSDA ödənişləri qeyd olunmalıdır.',
  receiptNumberTaken: 'Bu bank qəbzinin nömrəsi artıq başqa ödənişdə istifadə olunub.',
  receiptNumberRequired: 'Bank qəbzinin nömrəsi boş buraxıla bilməz.',
  receiptDateRequired: 'Bank qəbzinin tarixi boş buraxıla bilməz.',
  cancelReasonRequired: 'Ləğv etmənin səbəbi boş buraxıla bilməz.',
  rowsRequired: 'Ən azı bir nəqliyyat vasitəsi sətri əlavə edin.',
  formTaken: 'Bu blank artıq ləğv edilməmiş başqa ödənişdə istifadə olunur.',
  formTwice: 'Eyni blank bir ödənişdə iki dəfə seçilə bilməz.',
  inspectorInvalid: 'Müfəttiş ödənişin regionunun aktiv müfəttişi olmalıdır.',
  ownerCodeInvalid: 'VÖEN 10 rəqəmdən ibarət olmalıdır.',
  ownerNameRequired: 'Ödəyicinin adı boş buraxıla bilməz.',
  validityInvalid: 'Müddət 1, 3, 6 və ya 12 ay ola bilər.',
  coefficientInvalid: 'Əmsal müsbət onluq ədəd olmalıdır (məsələn, 1,5).',
  loadInvalid: 'Yük götürmə qabiliyyəti mənfi olmayan onluq ədəd olmalıdır (məsələn, 12,5).',
  amountInvalid: 'Məbləğ mənfi olmayan, ən çox iki onluq rəqəmli ədəd olmalıdır (məsələn, 12,50).',
  noTariff: (group: string, date: string) => `${date} tarixində qüvvədə olan "${group}" tarifi yoxdur.`,
  unknownTransportType: 'Seçilmiş nəqliyyat növü tapılmadı.',
  editOnlyUnderReview: 'Ödənişi yalnız "Baxılmaqdadır" statusunda dəyişmək olar.',
  insuranceOnlyBeforePaid:
    'Sığorta məlumatlarını yalnız "Baxılmaqdadır" və ya "Ödəniş gözlənilir" statusunda dəyişmək olar.',
  plateInvalid: 'Qeydiyyat nişanı 10-AA-123 formatında olmalıdır.',
  formNotFree: (number: string) =>
    `${number} nömrəli blank bu ödənişin regionunun aktiv blankı deyil və ya artıq başqa ödənişdə istifadə olunur.`,
  formCoefficient: (expected: string) => `Bu blankın əmsalı ${expected}-dir.`,
  formTransportType: 'Nəqliyyat növü blankın buraxılışının nəqliyyat növü ilə eyni olmalıdır.',
  formMonths: (months: number) => `Bu blank ${months} aylıq buraxılıb.`,
  regionRequired: 'Ödənişin regionunu seçin.',
  regionOutOfScope: 'Yalnız öz regionunuz üçün ödəniş yarada bilərsiniz.',
  receiptDateFuture: 'Bank qəbzinin tarixi bu gündən sonra ola bilməz.',
  rowRemovedReason: 'Blank ödənişdən çıxarıldı (ödəniş redaktə olundu).',
  statusFilterInvalid: 'Status 1, 2, 3 və ya 4 olmalıdır.',
  formNumberInvalid: 'Blank nömrəsi 6 rəqəmdən ibarət olmalıdır (məsələn, 000123).',
  receiptOnlyWhenPaid: 'Qəbz yalnız ödənilmiş ödəniş üçün çap olunur.',
  finInvalid: 'FİN kod 7 hərf və ya rəqəmdən ibarət olmalıdır.',
  payerNotFound: 'Bu VÖEN ilə nə daşıyıcılar reyestrində, nə də əvvəlki ödənişlərdə ödəyici tapılmadı.',
} as const;

/** Registry lookups (the gateway of decisions.md section 4): a failure sets the row's serviceErrors. */
export const registryMessages = {
  vehicleNotFound: 'Bu qeydiyyat nişanı ilə nəqliyyat vasitəsi reyestrdə tapılmadı.',
  driverNotFound: 'Bu FİN kod ilə sürücü reyestrdə tapılmadı.',
  licenceNotFound: 'Bu nömrə ilə sürücülük vəsiqəsi reyestrdə tapılmadı.',
  unavailable: 'Dövlət reyestri hazırda cavab vermir. Bir az sonra yenidən cəhd edin.',
  timeout: (seconds: string) =>
    `Dövlət reyestri ${seconds} saniyə ərzində cavab vermədi. Bir az sonra yenidən cəhd edin.`,
  badAnswer: 'Dövlət reyestrinin cavabı oxunmadı (gözlənilməyən format). İnzibatçıya müraciət edin.',
} as const;

/** Texts of the receipt PDF and the public check. */
export const receiptTexts = {
  authority: 'Azərbaycan Yerüstü Nəqliyyat Agentliyi',
  title: 'Fərqlənmə nişanı üzrə ödəniş qəbzi',
  receiptNumber: 'Qəbz nömrəsi',
  receiptDate: 'Qəbz tarixi',
  owner: 'Ödəyici',
  ownerCode: 'VÖEN',
  vehicles: 'Nəqliyyat vasitələri',
  plate: 'Qeydiyyat nişanı',
  form: 'Blank (seriya, nömrə)',
  validity: 'Etibarlılıq müddəti',
  months: 'ay',
  amount: 'Məbləğ',
  total: 'Cəmi',
  insurance: 'Sığorta ödənişləri',
  mdssh: 'MDSSH',
  itsda: 'İTSDA',
  verify: 'Ödənişi yoxlamaq üçün QR kodu oxudun',
} as const;
