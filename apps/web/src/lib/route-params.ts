/** The record id of an edit route (`user-edit/:pk`); null when the path holds no positive whole number. */
export function routeId(pk: string | undefined): number | null {
  return pk && /^[1-9]\d{0,15}$/.test(pk) ? Number(pk) : null;
}
