/** Texts of the inspector's phone endpoints (issue 46): the check batch's refusals. */
export const inspectMessages = {
  checksRequired: 'Ən azı bir yoxlama göndərilməlidir.',
  tooManyChecks: (max: number) => `Bir dəfəyə ən çox ${max} yoxlama göndərmək olar.`,
  checkIdInvalid: 'Yoxlamanın identifikatoru UUID olmalıdır.',
  checkedAtInvalid: 'Yoxlamanın vaxtı ISO 8601 formatında olmalıdır.',
  answerInvalid: 'Cavab: valid, expired, annulled, voided, not_issued, unknown və ya not_genuine.',
  sourceInvalid: 'Mənbə: scan və ya typed.',
  locationInvalid: 'Yer düzgün deyil: enlik -90..90, uzunluq -180..180 (onluq kəsr mətn kimi), dəqiqlik tam metrlə.',
  noRegion: 'Sizə region təyin edilməyib: nişanların siyahısını yükləmək olmaz.',
  /** A refused check (issue 56): final, the phone drops it from its queue. */
  checkOutsideRegion: 'Bu nişan sizin regionunuza aid deyil: yoxlama qeyd edilmədi.',
  checkedAtFuture: 'Yoxlamanın vaxtı serverin saatından irəlidədir: telefonun saatını yoxlayın.',
  checkedAtTooOld: (hours: string) => `Yoxlama ${hours} saatdan əvvəl edilib: belə köhnə yoxlama qəbul edilmir.`,
  snapshotAfterCheck: 'Siyahının vaxtı yoxlamanın vaxtından sonradır: yoxlama qeyd edilmədi.',
  tooManyChecksOfMark: (max: number) =>
    `Bu nişanı son 24 saatda artıq ${max} dəfə yoxlamısınız: yeni yoxlama qeyd edilmədi.`,
  /** A check id already recorded with another body or by another person, or sent twice in one batch with two. */
  checkIdTaken: 'Bu identifikatorla başqa yoxlama artıq qeyd olunub: yoxlama qeyd edilmədi.',
  /** 429 of the snapshot and of the checks' post, per person. */
  throttled: (seconds: number) => `Sorğular çox tez-tezdir. ${seconds} saniyədən sonra yenidən cəhd edin.`,
} as const;
