import type { Payer } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { payerValues, payerVoen, planPayerFill } from './payer-fill';

const payer: Payer = {
  voen: '1400123451',
  source: 'carrier',
  name: 'Gəncə Sərnişin MMC',
  address: 'Gəncə, Atatürk 12',
  phone: '+994502223344',
  transport_type: 3,
  transport_type_name: 'Avtobus',
};

describe("a known payer's fill", () => {
  it('fills every empty field, the usual transport type too', () => {
    const plan = planPayerFill({ owner_name: '', owner_address: '', owner_phone: '' }, {}, payerValues(payer));
    expect(plan).toEqual({
      set: {
        owner_name: 'Gəncə Sərnişin MMC',
        owner_address: 'Gəncə, Atatürk 12',
        owner_phone: '+994502223344',
        owner_transport_type: 3,
      },
      ask: {},
    });
  });

  it('keeps what the person typed and offers the payer’s value instead; an equal value is neither', () => {
    const plan = planPayerFill(
      { owner_name: 'Öz yazdığım ad', owner_address: 'Gəncə, Atatürk 12', owner_phone: '', owner_transport_type: 5 },
      {},
      payerValues(payer),
    );
    expect(plan.set).toEqual({ owner_phone: '+994502223344' });
    expect(plan.ask).toEqual({ owner_name: 'Gəncə Sərnişin MMC', owner_transport_type: 3 });
  });

  it("replaces what an earlier fill put there (another VÖEN typed), and never clears with the payer's empty values", () => {
    const before = { owner_name: 'Köhnə MMC', owner_address: 'Bakı', owner_phone: '+994500000000' };
    const plan = planPayerFill(before, before, payerValues({ ...payer, phone: '', transport_type: null }));
    expect(plan).toEqual({ set: { owner_name: 'Gəncə Sərnişin MMC', owner_address: 'Gəncə, Atatürk 12' }, ask: {} });
  });

  it('asks the server only about a VÖEN of exactly 10 digits', () => {
    expect(payerVoen(' 1400123451 ')).toBe('1400123451');
    expect(payerVoen('140012345')).toBeNull();
    expect(payerVoen('14001234511')).toBeNull();
    expect(payerVoen('14001234AB')).toBeNull();
    expect(payerVoen(undefined)).toBeNull();
  });
});
