import { describe, expect, it } from 'vitest';
import {
  bankFold,
  bankTokens,
  oneEditApart,
  payerNameKey,
  receiptCandidates,
  receiptKey,
  voenCandidates,
} from './normalise';

/** The one normalisation of payers' texts (issue 57). */
describe('bank text normalisation', () => {
  it('folds case the Azerbaijani way and transliterates', () => {
    expect(bankFold('İSMAYILLI Şəki Çay Ağdam Göyçay Üçük')).toBe('ismayilli seki cay agdam goycay ucuk');
    expect(bankFold('ıIiİ')).toBe('iiii');
    expect(bankFold('ƏəŞşÇçĞğÖöÜü')).toBe('eessccggoouu');
  });

  it('takes NFKC forms, № and punctuation as separators', () => {
    expect(bankFold('ＤＥＭＯ－０００１')).toBe('demo 1');
    expect(bankFold('qəbz №DEMO/1')).toBe('qebz demo 1');
    expect(bankFold('№12,"a";b.c')).toBe('12 a b c');
  });

  it('drops the leading zeros of every digit run', () => {
    expect(bankFold('DEMO-0001 0 000 a007b0100')).toBe('demo 1 0 0 a7b100');
    expect(receiptKey('DEMO-0001')).toBe('demo1');
    expect(receiptKey('demo 0001')).toBe('demo1');
    expect(receiptKey('DEMO/1')).toBe('demo1');
    expect(receiptKey('BNK-2026-000010')).toBe('bnk202610');
    expect(receiptKey('DEMO-0010')).not.toBe(receiptKey('DEMO-0001'));
  });

  it('offers the runs of up to four tokens that hold a digit as receipt keys', () => {
    const keys = receiptCandidates(['ödəniş DEMO-0001 VOEN 1402345671', 'BNK 2026 000001']);
    expect(keys).toContain('demo1');
    expect(keys).toContain('1402345671');
    expect(keys).toContain('bnk20261');
    expect(keys).not.toContain('odenis');
    expect(receiptCandidates(['Kəpəz Trans MMC'])).toEqual([]);
    expect(receiptCandidates(['1 '.repeat(500)]).length).toBeLessThanOrEqual(96);
  });

  it('finds ten-digit VÖEN tokens, zeros kept', () => {
    expect(voenCandidates(['VOEN:0402345671, tel 0501234567', 'x1402345672y'])).toEqual(['0402345671', '1402345672']);
    expect(voenCandidates(['12345678901 140234567'])).toEqual([]);
  });

  it('compares payer names whatever their order, transliteration or legal form', () => {
    expect(payerNameKey('"Kəpəz Trans" MMC')).toBe(payerNameKey('KEPEZ TRANS'));
    expect(payerNameKey('Əliyev Rəşad')).toBe(payerNameKey('Resad Eliyev'));
  });

  it('tells a key one edit away', () => {
    expect(oneEditApart('demo1', 'demo2')).toBe(true);
    expect(oneEditApart('demo12', 'demo21')).toBe(true);
    expect(oneEditApart('demo1', 'dmo1')).toBe(true);
    expect(oneEditApart('demo1', 'demo1')).toBe(false);
    expect(oneEditApart('demo1', 'demo23')).toBe(false);
    expect(bankTokens('')).toEqual([]);
  });
});
