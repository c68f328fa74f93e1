import type { Payer } from '@dnx/shared';

/** The header fields a known payer fills. */
export const payerFields = ['owner_name', 'owner_address', 'owner_phone', 'owner_transport_type'] as const;
export type PayerField = (typeof payerFields)[number];
export type PayerValues = { [F in PayerField]?: F extends 'owner_transport_type' ? number : string };

/** What a payer's answer puts in the header; an empty value fills nothing (it never clears what is there). */
export function payerValues(payer: Payer): PayerValues {
  return {
    owner_name: payer.name,
    owner_address: payer.address,
    owner_phone: payer.phone,
    owner_transport_type: payer.transport_type ?? undefined,
  };
}

const empty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * How a payer's values meet the header: a field that is empty, or still holds what the last fill put there, takes
 * the payer's value (`set`); a field the person typed otherwise is kept, and the payer's value only offered (`ask`).
 */
export function planPayerFill(
  current: PayerValues,
  filled: PayerValues,
  payer: PayerValues,
): { set: PayerValues; ask: PayerValues } {
  const set: Record<string, unknown> = {};
  const ask: Record<string, unknown> = {};
  for (const field of payerFields) {
    const wanted = payer[field];
    const now = current[field];
    if (empty(wanted) || now === wanted) continue;
    if (empty(now) || now === filled[field]) set[field] = wanted;
    else ask[field] = wanted;
  }
  return { set: set as PayerValues, ask: ask as PayerValues };
}

/** A VÖEN worth asking about: exactly 10 digits (what the server takes). */
export const payerVoen = (code: string | undefined): string | null => {
  const trimmed = (code ?? '').trim();
  return /^\d{10}$/.test(trimmed) ? trimmed : null;
};
