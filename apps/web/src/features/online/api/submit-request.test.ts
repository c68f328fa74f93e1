import { onlinePaymentRequestSchema, onlineCarrierRequestSchema } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { carrierRequestFormData, decimalText, paymentRequestFormData, vehicleBody } from './submit-request';

const pdf = new File(['%PDF-1.4\n'], 'şəhadətnamə.pdf', { type: 'application/pdf' });
const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'etibarnamə.png', { type: 'image/png' });

/** A FormData's text parts as an object, its files by name. */
function parts(body: FormData) {
  const texts: Record<string, string> = {};
  const files: Record<string, string> = {};
  for (const [name, value] of body.entries()) {
    if (typeof value === 'string') texts[name] = value;
    else files[name] = value.name;
  }
  return { texts, files };
}

describe('the public requests as multipart bodies', () => {
  it("a carrier's registration: every field as text, consent true, the ALTCHA payload, the chosen documents", () => {
    const body = carrierRequestFormData(
      {
        name: '  Şahin Trans MMC ',
        voen: '1234567891',
        phone: '+994501234567',
        email: 'Info@Sahin.az',
        region: 7,
        consent: true,
        registration_certificate: pdf,
      },
      'altcha-payload',
    );
    const { texts, files } = parts(body);
    expect(texts).toEqual({
      name: 'Şahin Trans MMC',
      voen: '1234567891',
      address: '',
      phone: '+994501234567',
      email: 'Info@Sahin.az',
      info: '',
      region: '7',
      consent: 'true',
      gtoken: 'altcha-payload',
    });
    expect(files).toEqual({ registration_certificate: 'şəhadətnamə.pdf' });
    // The shared contract reads it as the server will (the files stand in as what the multipart parser gives).
    const parsed = onlineCarrierRequestSchema.safeParse({ ...texts, registration_certificate: {} });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toMatchObject({ region: 7, consent: true, email: 'info@sahin.az', tax_payer: null });
  });

  it('a request for marks: vehicles as JSON text of the array, empty seats or load left to the default', () => {
    const body = paymentRequestFormData(
      {
        owner_code: '1400123451',
        owner_name: 'Sınaq Daşıyıcı',
        owner_phone: '+994 50 123 45 67',
        owner_email: 'owner@example.az',
        owner_region: 3,
        vehicles: [
          { plate: '10-ab-123', transport_type: 1, seats_count: 18, months: 3, driver_fin: '5abc12x' },
          { plate: '20 GA 456', transport_type: 2, seats_count: null, load_carrying_capacity: '12,5', months: 12 },
        ],
        consent: true,
        registration_certificate: pdf,
        power_of_attorney: png,
      },
      'payload',
    );
    const { texts, files } = parts(body);
    expect(texts.owner_transport_type).toBe('');
    expect(texts.owner_region).toBe('3');
    expect(texts.consent).toBe('true');
    expect(texts.gtoken).toBe('payload');
    expect(JSON.parse(texts.vehicles!)).toEqual([
      { plate: '10-ab-123', transport_type: 1, seats_count: 18, months: 3, driver_fin: '5ABC12X' },
      { plate: '20 GA 456', transport_type: 2, load_carrying_capacity: '12.5', months: 12, driver_fin: '' },
    ]);
    expect(files).toEqual({ registration_certificate: 'şəhadətnamə.pdf', power_of_attorney: 'etibarnamə.png' });
    const parsed = onlinePaymentRequestSchema.safeParse({
      ...texts,
      registration_certificate: {},
      power_of_attorney: {},
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.vehicles).toEqual([
      {
        plate: '10-AB-123',
        transport_type: 1,
        seats_count: 18,
        load_carrying_capacity: '0',
        months: 3,
        driver_fin: '5ABC12X',
      },
      {
        plate: '20-GA-456',
        transport_type: 2,
        seats_count: 0,
        load_carrying_capacity: '12.5',
        months: 12,
        driver_fin: '',
      },
    ]);
    expect(parsed.data?.owner_transport_type).toBeNull();
  });

  it('sends no vehicles as an empty array, which the contract refuses with its own message', () => {
    const { texts } = parts(
      paymentRequestFormData({ owner_code: '', owner_name: '', owner_phone: '', owner_email: '' }, 'p'),
    );
    expect(texts.vehicles).toBe('[]');
    const parsed = onlinePaymentRequestSchema.safeParse(texts);
    expect(parsed.error?.issues.find((i) => i.path[0] === 'vehicles')?.message).toBe(
      'Ən azı bir nəqliyyat vasitəsi əlavə edilməlidir.',
    );
  });

  it('reads a decimal typed with a comma or a point', () => {
    expect(decimalText(' 12,5 ')).toBe('12.5');
    expect(decimalText('7.25')).toBe('7.25');
    expect(decimalText(undefined)).toBe('');
    expect(vehicleBody({ plate: 'x', load_carrying_capacity: '' })).not.toHaveProperty('load_carrying_capacity');
  });
});
