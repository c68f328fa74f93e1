/**
 * Opening balances (issue 28): the batches an authority issued before it went live, each form's state, and the paid
 * forms' payments, from one file. A row is a run of numbers of one batch in one state (a paid form is a row of its
 * own, with its payment's receipt, payer, plate and amount); the rows of a batch repeat its fields and together give
 * every number of it once; the rows of one receipt are one payment. Written as they are, each movement says
 * "opening balance" in the ledger.
 */

export const openingBalancesKind = 'opening-balances';
export const openingBalancesTitle = 'İlkin qalıqlar: blanklar və ödənişlər';

/** A form's state as the old system knew it: the stages, and a paid form past its validity (expired). */
export const openingStates = [
  { key: 'new', label: 'Yeni' },
  { key: 'active', label: 'Aktiv' },
  { key: 'shared', label: 'Müfəttişə verilib' },
  { key: 'paid', label: 'Ödənilib' },
  { key: 'expired', label: 'Müddəti bitib' },
  { key: 'voided', label: 'Ləğv edilib' },
] as const;
export type OpeningState = (typeof openingStates)[number]['key'];

/** The file's columns, in the template's order; `required`: the header must have it. */
export const openingColumns = [
  { key: 'series', label: 'Seriya', example: 'AB', required: true },
  { key: 'batch_start', label: 'Buraxılışın ilk nömrəsi', example: '000001', required: true },
  { key: 'batch_finish', label: 'Buraxılışın son nömrəsi', example: '000100', required: true },
  { key: 'issued_on', label: 'Buraxılış tarixi', example: '10.01.2026', required: true },
  { key: 'operator', label: 'Operator (e-poçt)', example: 'operator@example.az', required: true },
  { key: 'region', label: 'Region', example: 'Bakı', required: true },
  { key: 'transport_type', label: 'Nəqliyyat növü', example: 'Avtobus', required: true },
  { key: 'coefficient', label: 'FN əmsalı', example: '(siyahıdakı ad)', required: true },
  { key: 'expire_date', label: 'Etibarlılıq müddəti', example: '1', required: true },
  { key: 'expire_date_type', label: 'Müddətin növü', example: 'İl', required: true },
  { key: 'number_from', label: 'Nömrədən', example: '000001', required: true },
  { key: 'number_to', label: 'Nömrəyədək', example: '000001', required: true },
  { key: 'state', label: 'Vəziyyət', example: 'Ödənilib', required: true },
  { key: 'inspector', label: 'Müfəttiş (e-poçt)', example: '', required: false },
  { key: 'void_reason', label: 'Ləğv səbəbi', example: '', required: false },
  { key: 'receipt_number', label: 'Bank qəbzinin nömrəsi', example: 'Q-2026-0001', required: false },
  { key: 'receipt_date', label: 'Bank qəbzinin tarixi', example: '15.01.2026', required: false },
  { key: 'owner_code', label: 'Ödəyicinin VÖEN-i', example: '1234567891', required: false },
  { key: 'owner_name', label: 'Ödəyici', example: 'Nümunə Nəqliyyat MMC', required: false },
  { key: 'owner_address', label: 'Ünvan', example: 'Bakı, Nizami küç. 1', required: false },
  { key: 'owner_phone', label: 'Telefon', example: '+994501234567', required: false },
  { key: 'plate', label: 'Qeydiyyat nişanı', example: '10-AA-123', required: false },
  { key: 'amount', label: 'Məbləğ (₼)', example: '97,20', required: false },
] as const;
export type OpeningColumn = (typeof openingColumns)[number]['key'];

export const openingMessages = {
  stateInvalid: `Vəziyyət: ${openingStates.map((s) => s.label).join(', ')}.`,
  dateInvalid: 'Tarix gg.aa.iiii formatında olmalıdır (məsələn, 15.01.2026).',
  issuedFuture: 'Buraxılış tarixi bu gündən sonra ola bilməz.',
  runOutside: 'Nömrələr buraxılışın aralığında olmalıdır.',
  paidOneNumber: 'Ödənilmiş blank ayrıca sətirdə yazılır: "Nömrədən" və "Nömrəyədək" eyni olmalıdır.',
  paymentOnlyWhenPaid: 'Bank qəbzi, ödəyici və məbləğ yalnız ödənilmiş (və ya müddəti bitmiş) blank üçün yazılır.',
  inspectorOnlyWhenShared: 'Müfəttiş yalnız "Müfəttişə verilib" vəziyyətində yazılır.',
  amountInvalid: 'Məbləğ 0-dan böyük olmalı, ən çox 2 onluq rəqəmi olmalıdır (məsələn, 97,20).',
  plateRequired: 'Qeydiyyat nişanını yazın.',
  monthsUnpayable: (months: number) =>
    `Bu buraxılışın blankları ${months} aylıqdır: ödənişli blank 1, 3, 6 və ya 12 aylıq olmalıdır.`,
  receiptBeforeIssue: 'Bank qəbzinin tarixi buraxılış tarixindən əvvəl ola bilməz.',
  stillValid: (until: string) => `Blank ${until} tarixinədək etibarlıdır: vəziyyəti "Ödənilib" olmalıdır.`,
  alreadyExpired: (until: string) => `Blankın müddəti ${until} tarixində bitib: vəziyyəti "Müddəti bitib" olmalıdır.`,
  batchDiffers: (row: number) => `Bu buraxılışın məlumatları sətir ${row} ilə fərqlidir.`,
  runOverlap: (row: number) => `Bu nömrələr sətir ${row} ilə üst-üstə düşür.`,
  runsMissing: (count: number, first: string) =>
    `Buraxılışın ${count} blankının vəziyyəti faylda verilməyib (məsələn, ${first}).`,
  batchesOverlap: (row: number) => `Bu buraxılış sətir ${row}-dəki buraxılışla üst-üstə düşür.`,
  newBesideAccepted:
    'Buraxılışın blankları ya hamısı "Yeni" olur (qəbul edilməyib), ya heç biri: qəbul edilmiş buraxılışda yeni blank olmur.',
  paymentDiffers: (row: number) =>
    `Bu bank qəbzinin ödənişi sətir ${row} ilə fərqlidir (qəbzin tarixi, ödəyici və ya region).`,
  existsDifferently: 'Bu buraxılış sistemdə artıq var, amma bu blankların vəziyyəti fayldakından fərqlidir.',
} as const;
