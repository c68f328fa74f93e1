import { fnBatchStatuses, fnNoticeStatuses, fnStages, onlineStatuses, paymentStatuses } from '@dnx/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../i18n';
import {
  fnBatchStatusText,
  fnNoticeStatusText,
  fnStageText,
  onlineStatusText,
  paymentStatusOptions,
  paymentStatusText,
} from './status-text';

const t = (key: string) => i18n.t(key);

/** Every status name a screen shows (tags, filters, details), in each language: issue 44. */
const everyName = () => [
  ...paymentStatuses.map((s) => paymentStatusText(t, s.code)),
  ...fnStages.map((s) => fnStageText(t, s.key)),
  ...fnNoticeStatuses.map((s) => fnNoticeStatusText(t, s.code)),
  ...fnBatchStatuses.map((s) => fnBatchStatusText(t, s.key)),
  ...onlineStatuses.carrier.map((s) => onlineStatusText(t, 'carrier', s.code)),
  ...onlineStatuses.payment.map((s) => onlineStatusText(t, 'payment', s.code)),
];
const azerbaijaniNames = new Set<string>(
  [paymentStatuses, fnStages, fnNoticeStatuses, fnBatchStatuses, onlineStatuses.carrier, onlineStatuses.payment]
    .flat()
    .map((s) => s.label),
);

describe('status names in the interface’s language', () => {
  afterAll(() => switchLanguage('az'));

  it('are the shared tables’ words in Azerbaijani', async () => {
    await switchLanguage('az');
    expect(paymentStatuses.map((s) => paymentStatusText(t, s.code))).toEqual([
      'Baxılmaqdadır',
      'Ödəniş gözlənilir',
      'Ödənilib',
      'Ləğv edilib',
    ]);
    expect(everyName()).toEqual(
      [paymentStatuses, fnStages, fnNoticeStatuses, fnBatchStatuses, onlineStatuses.carrier, onlineStatuses.payment]
        .flat()
        .map((s) => s.label),
    );
  });

  it('are Russian on the Russian screens and English on the English ones, none left in Azerbaijani', async () => {
    await switchLanguage('ru');
    expect(paymentStatuses.map((s) => paymentStatusText(t, s.code))).toEqual([
      'На рассмотрении',
      'Ожидает оплаты',
      'Оплачен',
      'Отменён',
    ]);
    expect(paymentStatusOptions(t)).toContainEqual({ value: '3', label: 'Оплачен' });
    expect(everyName().filter((name) => azerbaijaniNames.has(name))).toEqual([]);

    await switchLanguage('en');
    expect(paymentStatuses.map((s) => paymentStatusText(t, s.code))).toEqual([
      'Under review',
      'Awaiting payment',
      'Paid',
      'Cancelled',
    ]);
    expect(onlineStatusText(t, 'payment', 2)).toBe('Made into a payment');
    expect(fnNoticeStatusText(t, 3)).toBe('Not fully insured');
    expect(everyName().filter((name) => azerbaijaniNames.has(name))).toEqual([]);
  });

  it('shows an unknown code as itself, and a form without a status as nothing', () => {
    expect(paymentStatusText(t, 9)).toBe('9');
    expect(fnNoticeStatusText(t, null)).toBe('');
  });
});
