/** The six seeded role groups (decisions.md section 2). Codes are stable; names are shown in Azerbaijani. */
export const roles = [
  { letter: 'A', code: 'admin', name: 'Administrator' },
  { letter: 'B', code: 'central', name: 'Mərkəzi aparat' },
  { letter: 'C', code: 'inspector', name: 'Müfəttiş' },
  { letter: 'D', code: 'cashier', name: 'Ödəniş əməkdaşı' },
  { letter: 'E', code: 'regional_head', name: 'Regional şöbə rəhbəri' },
  { letter: 'F', code: 'operator', name: 'Operator' },
] as const;

/** The role groups whose members must have a second factor on every real installation (issue 27). */
export const secondFactorRoles: readonly (typeof roles)[number]['code'][] = ['admin', 'cashier'];

export type RoleLetter = (typeof roles)[number]['letter'];
export type RoleCode = (typeof roles)[number]['code'];

export const roleCodeByLetter = Object.fromEntries(roles.map((r) => [r.letter, r.code])) as Record<
  RoleLetter,
  RoleCode
>;

/** "Administrative level" of the spec's four-id helper: A, B, D, E. */
export const administrativeRoles: readonly RoleCode[] = ['admin', 'central', 'cashier', 'regional_head'];
/** Roles that see every region; the others are scoped to their own region. */
export const nationalRoles: readonly RoleCode[] = ['admin', 'central'];
