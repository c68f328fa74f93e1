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
} as const;
