/**
 * Texts of the fn (strict-accountability forms) endpoints; the spec gives none, so they are ours
 * (docs/decisions/0021-fn-forms-and-ledger.md).
 */
export const fnMessages = {
  seriesRequired: 'Seriyanı daxil edin.',
  seriesInvalid: 'Seriya 1-3 böyük latın hərfindən ibarət olmalıdır (məsələn, AB).',
  numberRequired: 'Nömrəni daxil edin.',
  numberInvalid: 'Nömrə 6 rəqəmdən ibarət olmalıdır (000001 - 999999).',
  finishBeforeStart: 'Son nömrə başlanğıc nömrədən kiçik ola bilməz.',
  tooManyNumbers: (max: number) => `Bir buraxılışda ən çox ${max.toLocaleString('az-AZ')} nömrə ola bilər.`,
  operatorRequired: 'Operatoru seçin.',
  operatorInvalid: 'Operator bu regionun aktiv operatoru olmalıdır.',
  regionRequired: 'Regionu seçin.',
  regionOutOfScope: 'Bu region üzrə buraxılış yarada bilməzsiniz.',
  transportTypeRequired: 'Nəqliyyat növünü seçin.',
  coefficientRequired: 'FN əmsalını seçin.',
  choiceMissing: 'Seçilmiş qeyd mövcud deyil.',
  fnBaseInvalid: 'Əsas buraxılış mövcud deyil və ya bu buraxılışın özüdür.',
  expireDateInvalid: 'Etibarlılıq müddəti 1 ilə 120 arasında tam ədəd olmalıdır.',
  expireDateTypeInvalid: 'Müddətin növü: ay, rüb, yarımil və ya il.',
  stageInvalid: 'Mərhələ: new, active, shared, used, paid və ya voided.',
  statusInvalid: 'Status kodu 0, 1, 2, 3 və ya 4 olmalıdır.',
  batchStatusInvalid: 'Buraxılışın statusu: issued və ya accepted.',
  reasonRequired: 'Səbəbi yazın.',
  reasonTooLong: 'Səbəb 500 simvoldan uzun olmamalıdır.',
  inspectorRequired: 'Müfəttişi seçin.',
  inspectorInvalid: 'Müfəttiş blankların regionunun aktiv müfəttişi olmalıdır.',
  formsRequired: 'Ən azı bir blank seçin.',
  tooManyForms: (max: number) => `Bir dəfəyə ən çox ${max.toLocaleString('az-AZ')} blank seçmək olar.`,
  /** 400 on start_number: the range meets a batch of the same series. */
  overlap: (series: string, start: string, finish: string, batchId: number) =>
    `Bu aralıq ${series} seriyasının №${batchId} buraxılışı (${start} - ${finish}) ilə üst-üstə düşür.`,
  /** The same, when the other batch was deleted again before it could be named. */
  overlapAnother: (series: string) => `Bu aralıq ${series} seriyasının başqa buraxılışı ilə üst-üstə düşür.`,
  /** 409: a batch can be edited or deleted only while every form of it is new. */
  movedOn: (count: number) =>
    `Buraxılışın ${count} blankı artıq yeni deyil (qəbul edilib, paylanıb və ya istifadə olunub); buraxılışı dəyişmək və ya silmək olmaz.`,
  notTheOperator: 'Buraxılışı yalnız onun ünvanlandığı operator qəbul edə bilər.',
  alreadyAccepted: 'Buraxılış artıq qəbul edilib.',
  /** 409 of a share, unshare, void or annul on forms not in the stage it needs. */
  wrongStage: (count: number, needed: string) =>
    `${count} blank lazım olan mərhələdə deyil (${needed}); heç bir dəyişiklik edilmədi.`,
  formsNotFound: 'Seçilmiş blanklardan bəziləri tapılmadı.',
  rangeEmpty: 'Bu aralıqda uyğun blank yoxdur.',
  reconciliationClean:
    'Boşluq, artıq blank və üst-üstə düşən aralıq yoxdur; mərhələlərin cəmi buraxılmış sayla üst-üstə düşür.',
  reconciliationProblems: (missing: number, strays: number, overlaps: number, unbalanced: number) =>
    `Uyğunsuzluq tapıldı: çatışmayan nömrə ${missing}, aralıqdan kənar blank ${strays}, üst-üstə düşən aralıq ${overlaps}, cəmi uyğun gəlməyən sətir ${unbalanced}.`,
  /** 404 of check-fn for a number that was never issued. */
  unknownNumber: (series: string, number: string) => `${series} ${number} nömrəli fərqlənmə nişanı tapılmadı.`,
} as const;
