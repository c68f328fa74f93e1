/** What the live stream and presence answer in words (issue 47): the catalogue's own file, so the sign-in bundle,
 * which carries every message, does not carry the stream's schemas too. */
export const liveMessages = {
  resourceUnknown: 'Bu resursda redaktə edənlər izlənmir.',
  streamsBusyUser: 'Bu qədər açıq səkmədən canlı yeniləmə gedə bilməz: bəzi səkmələri bağlayın.',
  streamsBusyServer: 'Server hazırda daha çox canlı yeniləmə qəbul edə bilmir: bir az sonra yenidən cəhd edin.',
} as const;
