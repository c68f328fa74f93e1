/** Value rules of the resources: one definition for both sides. */

/** Exact decimals as strings, never binary floats: "1", "1.5", "1,80" (a comma is accepted and normalized). */
export function normalizeDecimal(value: string, scale: number): string | null {
  const match = /^\s*(\d{1,8})(?:[.,](\d+))?\s*$/.exec(value);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > scale) return null;
  const trimmedFraction = fraction.replace(/0+$/, '');
  const wholeDigits = whole!.replace(/^0+(?=\d)/, '');
  return trimmedFraction ? `${wholeDigits}.${trimmedFraction}` : wholeDigits;
}

export function isPositiveDecimal(value: string, scale = 4): boolean {
  const normalized = normalizeDecimal(value, scale);
  return normalized !== null && /[1-9]/.test(normalized);
}

/** VÖEN: 10 digits; the last one says legal entity (1) or individual (2) (decisions.md section 4). */
export const voenPattern = /^\d{10}$/;
/** FIN code of the identity card: 7 Latin letters or digits, kept upper-case. */
export const finPattern = /^[A-Z0-9]{7}$/;

/** Azerbaijani registration plate: region code, two letters, three digits, written "10-AA-123". */
const platePattern = /^(\d{2})[\s-]*([A-Z]{2})[\s-]*(\d{3})$/;

export function normalizePlate(value: string): string | null {
  const match = platePattern.exec(value.trim().toUpperCase());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

export function normalizeFin(value: string): string {
  return value.trim().toUpperCase();
}

/** A driving licence number: two Latin letters and six digits ("AB123456"), kept upper-case without spaces. */
export const licenceNumberPattern = /^[A-Z]{2}[0-9]{6}$/;

export function normalizeLicenceNumber(value: string): string | null {
  const compact = value.trim().toUpperCase().replace(/\s+/g, '');
  return licenceNumberPattern.test(compact) ? compact : null;
}

/** Driving licence categories as Azerbaijan issues them. */
export const drivingCategories = ['A', 'A1', 'B', 'B1', 'BE', 'C', 'C1', 'CE', 'C1E', 'D', 'D1', 'DE', 'D1E'] as const;
export type DrivingCategory = (typeof drivingCategories)[number];

/** Kinds of right to use a vehicle, with the ids and order of spec section 3. */
export const rightKinds = [
  { id: 1, label: 'Mülkiyyət hüququ' },
  { id: 2, label: 'Etibarnamə' },
  { id: 4, label: 'Barkodsuz etibarnamə' },
  { id: 3, label: 'İcarə və ya digər əmlak hüququ' },
] as const;
export type RightKindId = (typeof rightKinds)[number]['id'];
/** Ownership needs no expiry date (choosing own use clears it). */
export const ownershipRightKind = 1;

/** How a transport type's fee is computed (decisions.md section 4). */
export const feeGroups = [
  { value: 'seat', label: 'Oturacaq sayına görə' },
  { value: 'load', label: 'Yük götürmə qabiliyyətinə görə' },
  { value: 'flat', label: 'Sabit məbləğ' },
] as const;
export type FeeGroup = (typeof feeGroups)[number]['value'];

export const statusOptions = [
  { value: 1, label: 'Aktiv' },
  { value: 0, label: 'Deaktiv' },
] as const;
