import { toastMessages } from '@dnx/shared';
import { az } from '../../../i18n/az';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { firstErrorField, requestErrors } from './request-errors';

const fields = ['owner_code', 'owner_email', 'registration_certificate', 'consent'];
const vehicleFields = ['plate', 'transport_type', 'months'];

describe('requestErrors', () => {
  it("puts a 400's field messages under their fields, a vehicle's under that vehicle's field", () => {
    const error = new ApiError(400, {
      owner_code: ['VÖEN 10 rəqəm olmalıdır.'],
      registration_certificate: ['Sənəd PDF, JPEG və ya PNG faylı olmalıdır.'],
      'vehicles.1.plate': ['Nişan düzgün deyil.'],
    });
    expect(requestErrors(error, fields, vehicleFields)).toEqual({
      fields: [
        { name: ['owner_code'], errors: ['VÖEN 10 rəqəm olmalıdır.'] },
        { name: ['registration_certificate'], errors: ['Sənəd PDF, JPEG və ya PNG faylı olmalıdır.'] },
        { name: ['vehicles', 1, 'plate'], errors: ['Nişan düzgün deyil.'] },
      ],
      vehicles: null,
      captcha: null,
      general: null,
    });
  });

  it('keeps the vehicles as a whole, a vehicle without a field, the human verification and the rest apart', () => {
    const error = new ApiError(400, {
      vehicles: ['Eyni qeydiyyat nişanı iki dəfə göstərilib.'],
      'vehicles.0': ['Yanlış.'],
      'vehicles.2.trailer': ['Bu sahə qəbul edilmir.'],
      gtoken: ['İnsan yoxlaması keçilmədi. Yenidən cəhd edin.'],
      surprise: ['Bu sahə qəbul edilmir.'],
      code: 'invalid',
    });
    const sorted = requestErrors(error, fields, vehicleFields);
    expect(sorted.fields).toEqual([]);
    expect(sorted.vehicles).toBe('Eyni qeydiyyat nişanı iki dəfə göstərilib. 1: Yanlış. 3: Bu sahə qəbul edilmir.');
    expect(sorted.captcha).toBe('İnsan yoxlaması keçilmədi. Yenidən cəhd edin.');
    expect(sorted.general).toBe('Bu sahə qəbul edilmir.');
  });

  it("shows a 429's detail, and the failure toast's text for a 5xx, a bare 400 or no answer at all", () => {
    const limited = requestErrors(
      new ApiError(429, { detail: 'Çox sayda cəhd. 10 dəqiqə sonra yenidən cəhd edin.' }),
      fields,
    );
    expect(limited.general).toBe('Çox sayda cəhd. 10 dəqiqə sonra yenidən cəhd edin.');
    // A server fault says it is the server's (issue 30, lib/notify.ts).
    expect(requestErrors(new ApiError(500, { detail: 'boom' }), fields).general).toBe(az.errors.server);
    expect(requestErrors(new ApiError(400, {}), fields).general).toBe(toastMessages.failure);
    expect(requestErrors(new TypeError('Failed to fetch'), fields).general).toBe(toastMessages.failure);
  });

  it("shows a 400's detail in the general alert", () => {
    expect(
      requestErrors(new ApiError(400, { detail: 'Müraciət multipart/form-data ilə göndərilməlidir.' }), fields),
    ).toMatchObject({ general: 'Müraciət multipart/form-data ilə göndərilməlidir.', fields: [] });
  });
});

describe('firstErrorField', () => {
  it("follows the form's order, vehicle by vehicle where the vehicles stand", () => {
    const order = ['owner_code', 'owner_name', 'vehicles', 'registration_certificate', 'consent'];
    const vehicleOrder = ['plate', 'transport_type', 'months'];
    const placed = [
      { name: ['consent'] },
      { name: ['vehicles', 1, 'plate'] },
      { name: ['vehicles', 0, 'months'] },
      { name: ['registration_certificate'] },
    ];
    expect(firstErrorField(placed, order, vehicleOrder)).toEqual(['vehicles', 0, 'months']);
    expect(firstErrorField([{ name: ['consent'] }, { name: ['owner_name'] }], order)).toEqual(['owner_name']);
    expect(firstErrorField([], order)).toBeUndefined();
  });
});
