/** Messages of the reports (issue 16). */
export const reportMessages = {
  dateInvalid: 'Tarix yyyy-mm-dd formatında olmalıdır.',
  periodInvalid: 'Dövrün başlanğıcı sonundan gec ola bilməz.',
  groupByInvalid: 'Qruplaşdırma region, operator, transport_type və ya month olmalıdır.',
  formStatusInvalid: 'Blankın statusu 0, 1, 2, 3 və ya 4 olmalıdır.',
  paymentStatusInvalid: 'Ödənişin statusu 1, 2, 3 və ya 4 olmalıdır.',
  validityInvalid: 'Müddət 1 ilə 120 ay arasında tam ədəd olmalıdır.',
  formatInvalid: 'Format xlsx və ya pdf olmalıdır.',
  idInvalid: 'Müsbət tam ədəd daxil edin.',
  /** A user keeps at most this many report subscriptions. */
  subscriptionsTooMany: (limit: number) => `Ən çox ${limit} abunəlik saxlamaq olar. Birini silin.`,
  subscriptionExists: 'Bu filtrlərlə abunəlik artıq var.',
} as const;
