import { describe, expect, it } from 'vitest';
import { normalizeLicenceNumber } from '../resources/values';
import { registryDateToApi } from './registry';
import {
  addServiceError,
  allChecked,
  applyDriverLookup,
  applyLicenceLookup,
  applyVehicleLookup,
  checkAll,
  checkRow,
  chooseRightOfUse,
  emptyDraft,
  initialFormFrom,
  insuranceRecorded,
  noticeStatusOnSubmit,
  ownerCategoryOf,
  removeRow,
  rightOfUseFor,
  setRowPrice,
  setTrailerLoad,
  validityOf,
  type PaymentDraft,
  type DraftRow,
} from './rules';
import { paymentCancelSchema, paymentCreateSchema, paymentPaySchema, quoteRequestSchema } from './schemas';
import {
  actionsOf,
  canMove,
  findTransition,
  paymentStatuses,
  paymentTransitions,
  transitionRefusedMessage,
} from './status';

describe('owner category from the VÖEN (spec section 5)', () => {
  it.each([
    ['1234567891', 1],
    ['1234567892', 2],
    ['1234567893', null],
    ['1234567890', null],
    ['123456781', null],
    ['12345678911', null],
    ['', null],
  ] as const)('%s gives %s', (code, category) => {
    expect(ownerCategoryOf(code)).toBe(category);
  });
});

const vehicleRow = {
  plate: '',
  brand_model: '',
  seats_count: 0,
  load_carrying_capacity: '0',
  base_carrier_pin: '',
  right_of_use: null as 1 | 2 | 3 | 4 | null,
  right_of_use_expire_date: null as string | null,
  trailer_load_carrying_capacity: '0',
  count_vehicle_load: true,
  serviceErrors: [] as string[],
  driver_fin: '',
  driver_full_name: '',
  driving_license_number: '',
  driving_license_categories: [] as string[],
  driving_license_expire_date: null as string | null,
};

describe('row rules (spec section 4)', () => {
  it('right of use: own use when the carrier pin is the owner code, otherwise the other value', () => {
    expect(rightOfUseFor('1234567891', '1234567891')).toBe(1);
    expect(rightOfUseFor('1234567891', '9876543212')).toBe(3);
    expect(rightOfUseFor('', '')).toBe(3);
  });

  it('choosing own use clears the expiry; another right keeps it', () => {
    const leased = { ...vehicleRow, right_of_use: 3 as const, right_of_use_expire_date: '2026-01-01' };
    expect(chooseRightOfUse(leased, 1)).toMatchObject({ right_of_use: 1, right_of_use_expire_date: null });
    expect(chooseRightOfUse(leased, 2)).toMatchObject({ right_of_use: 2, right_of_use_expire_date: '2026-01-01' });
  });

  it('a vehicle lookup fills the row, sets the right from the pin and clears the service errors', () => {
    const failed = addServiceError(vehicleRow, 'Reyestr cavab vermir');
    expect(failed.serviceErrors).toEqual(['Reyestr cavab vermir']);
    expect(addServiceError(failed, 'Reyestr cavab vermir').serviceErrors).toHaveLength(1);
    const lookup = {
      plate: '10-AA-123',
      brand_model: 'Mercedes-Benz Sprinter',
      seats_count: 18,
      load_carrying_capacity: '3.5',
      base_carrier_pin: '1234567891',
      base_carrier_name: 'Bakı Trans MMC',
      right_of_use: 3 as const,
      right_of_use_expire_date: '2027-05-01',
    };
    const own = applyVehicleLookup(failed, lookup, '1234567891');
    expect(own).toMatchObject({
      plate: '10-AA-123',
      seats_count: 18,
      right_of_use: 1,
      right_of_use_expire_date: null,
      serviceErrors: [],
    });
    const other = applyVehicleLookup(failed, lookup, '9876543212');
    expect(other).toMatchObject({ right_of_use: 3, right_of_use_expire_date: '2027-05-01', serviceErrors: [] });
  });

  it('driver and licence lookups fill the row and clear the service errors', () => {
    const failed = addServiceError(vehicleRow, 'x');
    expect(applyDriverLookup(failed, { fin: '5ABC12X', driver_full_name: 'Əliyev Orxan Vüqar' })).toMatchObject({
      driver_fin: '5ABC12X',
      driver_full_name: 'Əliyev Orxan Vüqar',
      serviceErrors: [],
    });
    expect(
      applyLicenceLookup(failed, { number: 'AB123456', categories: ['B', 'D'], expire_date: '2032-05-14' }),
    ).toMatchObject({
      driving_license_number: 'AB123456',
      driving_license_categories: ['B', 'D'],
      driving_license_expire_date: '2032-05-14',
      serviceErrors: [],
    });
  });

  it('a trailer load above 0 turns off counting the vehicle load; 0 leaves the flag alone', () => {
    expect(setTrailerLoad(vehicleRow, '5.5')).toMatchObject({
      trailer_load_carrying_capacity: '5.5',
      count_vehicle_load: false,
    });
    expect(setTrailerLoad(vehicleRow, '0').count_vehicle_load).toBe(true);
    expect(setTrailerLoad(vehicleRow, '0.00').count_vehicle_load).toBe(true);
    expect(setTrailerLoad({ ...vehicleRow, count_vehicle_load: false }, '0').count_vehicle_load).toBe(false);
  });
});

describe('the payment draft', () => {
  const row = (key: string, tax_price: string, checked = false): DraftRow => ({ key, tax_price, checked });
  const draft: PaymentDraft = {
    rows: [row('a', '64.80'), row('b', '18.00'), row('c', '0.10')],
    total: '82.90',
    mdssh_amount: '10.00',
    itsda_amount: '12.00',
  };

  it('checks and unchecks rows, and all of them at once', () => {
    const one = checkRow(draft, 'b', true);
    expect(one.rows.map((r) => r.checked)).toEqual([false, true, false]);
    expect(allChecked(one)).toBe(false);
    const all = checkAll(one, true);
    expect(allChecked(all)).toBe(true);
    expect(allChecked(checkAll(all, false))).toBe(false);
    expect(checkAll(all, false).rows.every((r) => !r.checked)).toBe(true);
  });

  it('builds the initial form from the selected rows', () => {
    const selected = initialFormFrom(checkRow(checkRow(draft, 'a', true), 'c', true));
    expect(selected.rows.map((r) => r.key)).toEqual(['a', 'c']);
    expect(selected.total).toBe('64.90');
  });

  it('removing a row recomputes the total and zeroes the MDSSH and İTSDA amounts', () => {
    const removed = removeRow(draft, 'a');
    expect(removed.rows.map((r) => r.key)).toEqual(['b', 'c']);
    expect(removed.total).toBe('18.10');
    expect(removed).toMatchObject({ mdssh_amount: '0.00', itsda_amount: '0.00' });
  });

  it('a new price moves the total; reset empties everything', () => {
    expect(setRowPrice(draft, 'c', '1.05').total).toBe('83.85');
    expect(emptyDraft()).toEqual({ rows: [], total: '0.00', mdssh_amount: null, itsda_amount: null });
  });

  it('notice status on submit: 2 with both insurance payments recorded, 3 with one missing', () => {
    const header = {
      mdssh_number: 'M-1',
      mdssh_date: '2025-01-10',
      mdssh_amount: '10.00',
      itsda_number: 'I-1',
      itsda_date: '2025-01-10',
      itsda_amount: '12.00',
    };
    expect(noticeStatusOnSubmit(header)).toBe(2);
    expect(noticeStatusOnSubmit({ ...header, itsda_number: ' ' })).toBe(3);
    expect(noticeStatusOnSubmit({ ...header, mdssh_date: null })).toBe(3);
    expect(noticeStatusOnSubmit({ ...header, mdssh_amount: '0.00' })).toBe(3);
    expect(insuranceRecorded(header, 'itsda')).toBe(true);
  });
});

describe('payment statuses and transitions', () => {
  it('allows exactly 1->2, 1->4, 2->3, 2->4', () => {
    const allowed: string[] = [];
    for (const from of paymentStatuses) {
      for (const to of paymentStatuses) if (canMove(from.code, to.code)) allowed.push(`${from.code}->${to.code}`);
    }
    expect(allowed).toEqual(['1->2', '1->4', '2->3', '2->4']);
    expect(paymentTransitions.every((t) => t.permission === 'change_payment')).toBe(true);
  });

  it('finds the transition an action makes, and refuses the rest with a message naming both statuses', () => {
    expect(findTransition(1, 'submit')?.to).toBe(2);
    expect(findTransition(2, 'pay')?.to).toBe(3);
    expect(findTransition(1, 'pay')).toBeNull();
    expect(findTransition(3, 'cancel')).toBeNull();
    expect(findTransition(4, 'submit')).toBeNull();
    expect(actionsOf(1)).toEqual(['submit', 'cancel']);
    expect(actionsOf(2)).toEqual(['pay', 'cancel']);
    expect(actionsOf(3)).toEqual([]);
    expect(transitionRefusedMessage(3, 'cancel')).toBe(
      'Ödənişin statusu "Ödənilib" olduğu üçün "Ləğv edilib" statusuna keçirilə bilməz.',
    );
  });
});

describe('registry values', () => {
  it('turns dd.mm.yyyy into yyyy-mm-dd and refuses days that do not exist', () => {
    expect(registryDateToApi('05.03.2027')).toBe('2027-03-05');
    expect(registryDateToApi('')).toBeNull();
    expect(registryDateToApi(null)).toBeNull();
    expect(() => registryDateToApi('31.02.2027')).toThrow(RangeError);
    expect(() => registryDateToApi('2027-03-05')).toThrow(RangeError);
    expect(() => registryDateToApi('5.3.2027')).toThrow(RangeError);
  });

  it('normalizes licence numbers', () => {
    expect(normalizeLicenceNumber(' ab 123456 ')).toBe('AB123456');
    expect(normalizeLicenceNumber('A1234567')).toBeNull();
  });
});

describe('request schemas', () => {
  const row = {
    form: 1,
    plate: '10 aa 123',
    transport_type: 2,
    coefficient: '1,5',
    expire_date: 3,
  };

  it('reads a payment with defaults and normalized values', () => {
    const parsed = paymentCreateSchema.parse({ owner_code: '1234567891', owner_name: 'Bakı Trans MMC', rows: [row] });
    expect(parsed.rows[0]).toMatchObject({
      plate: '10-AA-123',
      coefficient: '1.5',
      count_vehicle_load: true,
      serviceErrors: [],
      load_carrying_capacity: '0',
    });
    expect(parsed.mdssh_amount).toBeNull();
  });

  it('refuses a bad VÖEN, a validity that cannot be bought, no rows, a float coefficient', () => {
    const result = paymentCreateSchema.safeParse({
      owner_code: '12345',
      owner_name: 'X',
      rows: [{ ...row, expire_date: 2, coefficient: 1.5 }],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['owner_code', 'rows.0.expire_date', 'rows.0.coefficient']));
    expect(paymentCreateSchema.safeParse({ owner_code: '1234567891', owner_name: 'X', rows: [] }).success).toBe(false);
  });

  it('pay, cancel and quote bodies', () => {
    expect(
      paymentPaySchema.safeParse({ payment_receipt_number: ' ', payment_receipt_date: '2025-01-01' }).success,
    ).toBe(false);
    expect(paymentPaySchema.parse({ payment_receipt_number: ' Q-1 ', payment_receipt_date: '2025-01-01' })).toEqual({
      payment_receipt_number: 'Q-1',
      payment_receipt_date: '2025-01-01',
    });
    expect(paymentCancelSchema.safeParse({ reason: '' }).success).toBe(false);
    expect(quoteRequestSchema.parse({ rows: [{ transport_type: 1, coefficient: '2', expire_date: 12 }] })).toEqual({
      rows: [
        {
          transport_type: 1,
          coefficient: '2',
          expire_date: 12,
          seats_count: 0,
          load_carrying_capacity: '0',
          trailer_load_carrying_capacity: '0',
          count_vehicle_load: true,
        },
      ],
    });
  });
});

describe('validity of a paid form', () => {
  it.each([
    ['2025-01-15', 1, '2025-02-14'],
    ['2025-01-15', 3, '2025-04-14'],
    ['2025-01-15', 6, '2025-07-14'],
    ['2025-01-15', 12, '2026-01-14'],
    ['2025-01-31', 1, '2025-02-27'],
    ['2024-03-01', 12, '2025-02-28'],
  ] as const)('paid %s for %i months: valid until %s', (date, months, until) => {
    expect(validityOf(date, months)).toEqual({ valid_from: date, valid_until: until });
  });
});
