import type { OnlineDocumentKind, OnlineSubmitted } from '@dnx/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** 201 to either request: the tracking code. */
export type { OnlineSubmitted };

/** The documents as the form holds them: one file each, the power of attorney optional. */
export type RequestDocuments = Partial<Record<OnlineDocumentKind, File | undefined>>;

/** The carrier's registration as the form holds it (a picker's choice is a number until it is sent). */
export interface CarrierRequestValues extends RequestDocuments {
  name: string;
  voen: string;
  address?: string;
  phone: string;
  email: string;
  info?: string;
  region?: number;
  consent?: boolean;
}

/** One vehicle as the form holds it: seats as a number, the load as typed ("12,5" or "12.5"). */
export interface VehicleValues {
  plate?: string;
  transport_type?: number;
  seats_count?: number | null;
  load_carrying_capacity?: string;
  months?: number;
  driver_fin?: string;
}

export interface PaymentRequestValues extends RequestDocuments {
  owner_code: string;
  owner_name: string;
  owner_address?: string;
  owner_phone: string;
  owner_email: string;
  owner_transport_type?: number;
  owner_region?: number;
  vehicles?: VehicleValues[];
  consent?: boolean;
}

const text = (value: string | undefined) => (value ?? '').trim();
const id = (value: number | undefined) => (value === undefined || value === null ? '' : String(value));

/** A decimal typed the Azerbaijani way ("12,5") as the API reads it ("12.5"). */
export const decimalText = (value: string | undefined) => text(value).replace(',', '.');

/**
 * A vehicle as the `vehicles` JSON carries it: an empty seats or load is left out (the contract's default, 0),
 * the FIN upper-cased. The server normalizes the plate and checks everything again.
 */
export function vehicleBody(vehicle: VehicleValues) {
  const load = decimalText(vehicle.load_carrying_capacity);
  return {
    plate: text(vehicle.plate),
    transport_type: vehicle.transport_type,
    ...(typeof vehicle.seats_count === 'number' ? { seats_count: vehicle.seats_count } : {}),
    ...(load ? { load_carrying_capacity: load } : {}),
    months: vehicle.months,
    driver_fin: text(vehicle.driver_fin).toUpperCase(),
  };
}

/** Text fields, then the ticked consent, the ALTCHA payload and the documents that were chosen. */
function requestFormData(fields: Record<string, string>, documents: RequestDocuments, gtoken: string): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('consent', 'true');
  body.append('gtoken', gtoken);
  for (const [kind, file] of Object.entries(documents)) if (file) body.append(kind, file, file.name);
  return body;
}

const documentsOf = (values: RequestDocuments): RequestDocuments => ({
  registration_certificate: values.registration_certificate,
  power_of_attorney: values.power_of_attorney,
});

/** `POST /api/public/online/carriers/`'s body: every field as text. */
export function carrierRequestFormData(values: CarrierRequestValues, gtoken: string): FormData {
  return requestFormData(
    {
      name: text(values.name),
      voen: text(values.voen),
      address: text(values.address),
      phone: text(values.phone),
      email: text(values.email),
      info: text(values.info),
      region: id(values.region),
    },
    documentsOf(values),
    gtoken,
  );
}

/** `POST /api/public/online/payments/`'s body: every field as text, `vehicles` as JSON text of the array. */
export function paymentRequestFormData(values: PaymentRequestValues, gtoken: string): FormData {
  return requestFormData(
    {
      owner_code: text(values.owner_code),
      owner_name: text(values.owner_name),
      owner_address: text(values.owner_address),
      owner_phone: text(values.owner_phone),
      owner_email: text(values.owner_email),
      owner_transport_type: id(values.owner_transport_type),
      owner_region: id(values.owner_region),
      vehicles: JSON.stringify((values.vehicles ?? []).map(vehicleBody)),
    },
    documentsOf(values),
    gtoken,
  );
}

const submit = (path: string) => (body: FormData) =>
  apiRequest<OnlineSubmitted>(path, { method: 'POST', body, bearer: 'none' });

/** A carrier asks to be registered (no sign-in; ALTCHA and the rate limit guard it). */
export function useSubmitCarrierRequest() {
  return useMutation({
    mutationFn: (input: { values: CarrierRequestValues; gtoken: string }) =>
      submit('/api/public/online/carriers/')(carrierRequestFormData(input.values, input.gtoken)),
  });
}

/** A carrier asks for marks for its vehicles (no sign-in). */
export function useSubmitPaymentRequest() {
  return useMutation({
    mutationFn: (input: { values: PaymentRequestValues; gtoken: string }) =>
      submit('/api/public/online/payments/')(paymentRequestFormData(input.values, input.gtoken)),
  });
}
