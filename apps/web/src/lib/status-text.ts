import {
  fnBatchStatuses,
  fnNoticeStatuses,
  fnStages,
  onlineStatuses,
  paymentStatuses,
  type OnlineRequestKind,
} from '@dnx/shared';

/** The interface's `t` (react-i18next's `useTranslation().t`, or `i18n.t`). */
type Translate = (key: string) => string;

/**
 * Status names in the interface's language (issue 44): the shared tables keep the codes, keys and the Azerbaijani
 * names (exports and documents stay Azerbaijani); the screens name a status through the catalogue's `statuses`.
 * An unknown code shows as itself.
 */
export const paymentStatusText = (t: Translate, code: number): string => {
  const status = paymentStatuses.find((s) => s.code === code);
  return status ? t(`statuses.payment.${status.key}`) : String(code);
};

export const fnStageText = (t: Translate, key: string): string =>
  fnStages.some((s) => s.key === key) ? t(`statuses.fnStage.${key}`) : key;

export const fnNoticeStatusText = (t: Translate, code: number | null): string => {
  if (code === null) return '';
  const status = fnNoticeStatuses.find((s) => s.code === code);
  return status ? t(`statuses.fnNotice.${status.key}`) : String(code);
};

export const fnBatchStatusText = (t: Translate, key: string): string =>
  fnBatchStatuses.some((s) => s.key === key) ? t(`statuses.fnBatch.${key}`) : key;

export const onlineStatusText = (t: Translate, kind: OnlineRequestKind, code: number): string => {
  const status = onlineStatuses[kind].find((s) => s.code === code);
  return status ? t(`statuses.${kind === 'carrier' ? 'onlineCarrier' : 'onlinePayment'}.${status.key}`) : String(code);
};

/** A status table as a select's options, in the interface's language. */
export const paymentStatusOptions = (t: Translate) =>
  paymentStatuses.map((s) => ({ value: String(s.code), label: paymentStatusText(t, s.code) }));
export const fnNoticeStatusOptions = (t: Translate) =>
  fnNoticeStatuses.map((s) => ({ value: String(s.code), label: fnNoticeStatusText(t, s.code) }));
export const fnStageOptions = (t: Translate) => fnStages.map((s) => ({ value: s.key, label: fnStageText(t, s.key) }));
export const onlineStatusOptions = (t: Translate, kind: OnlineRequestKind) =>
  onlineStatuses[kind].map((s) => ({ value: String(s.code), label: onlineStatusText(t, kind, s.code) }));
