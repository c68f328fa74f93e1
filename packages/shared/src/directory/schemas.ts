import { z } from 'zod';
import { idSchema } from '../api/input';
import { roles } from '../access/roles';

const roleLetters = roles.map((r) => r.letter) as [
  (typeof roles)[number]['letter'],
  ...(typeof roles)[number]['letter'][],
];

/** A provider's button label in the three languages of the interface. */
export const providerNameSchema = z.object({ az: z.string().min(1), en: z.string().min(1), ru: z.string().min(1) });

/**
 * How a directory's claims become this product's people (issue 59). Directory groups are matched by their exact
 * names (an LDAP group by its cn and by its DN); product groups by their names, regions by their names.
 */
export const directoryMappingSchema = z.object({
  /** Where the groups or roles are in the claims: a dot path (`groups`, `realm_access.roles`). */
  groupsClaim: z.string().min(1).default('groups'),
  /** A directory group gives a role letter (the role's group: A administrators ... F operators). */
  roles: z.record(z.string(), z.enum(roleLetters)).default({}),
  /** A directory group gives product groups, by name. */
  groups: z.record(z.string(), z.array(z.string().min(1))).default({}),
  /** A claim whose value is the region's name (`region`, `address.region`). */
  regionClaim: z.string().min(1).optional(),
  /** A directory group gives the region, by name (tried when the claim gives none). */
  regionGroups: z.record(z.string(), z.string().min(1)).default({}),
  /** Anyone outside all of these directory groups is refused; empty: no group required. */
  requiredGroups: z.array(z.string().min(1)).default([]),
  /** An unknown person in the required groups gets an account at the first sign-in; off: pre-created accounts only. */
  createUsers: z.boolean().default(false),
  /** A verified e-mail links an existing account of the same address (once; then `sub` + issuer is the link). */
  linkByEmail: z.boolean().default(false),
  /** Groups and region follow the directory at every sign-in and refresh; off: set at creation only. */
  sync: z.boolean().default(true),
});
export type DirectoryMapping = z.infer<typeof directoryMappingSchema>;

const providerId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and dashes, 1-40');
const common = {
  id: providerId,
  name: providerNameSchema,
  mapping: directoryMappingSchema.prefault({}),
  /** How long one call to the directory may take (seconds) before it counts as unreachable. */
  timeoutSeconds: z.number().int().min(1).max(60).default(10),
};

/** An OpenID Connect provider (Keycloak, ADFS, Entra ID, the state's identity service). */
export const oidcProviderSchema = z.object({
  ...common,
  type: z.literal('oidc'),
  /** The issuer; its `/.well-known/openid-configuration` is read (discovery). */
  issuer: z.url(),
  clientId: z.string().min(1),
  /** A file holding the client secret (never the secret itself in the settings); absent: a public client (PKCE). */
  clientSecretFile: z.string().min(1).optional(),
  scopes: z.array(z.string().min(1)).default(['openid', 'email', 'profile']),
  /** `amr` values that mean the provider asked a second factor: then this product does not ask its own. */
  strongAmr: z.array(z.string().min(1)).default(['mfa', 'otp', 'hwk']),
  /** `acr` values that mean the same. */
  strongAcr: z.array(z.string().min(1)).default([]),
  /** Plain http:// to the provider: a test or demo provider on this machine only (refused in production). */
  allowHttp: z.boolean().default(false),
});
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

/** An LDAP server or Active Directory: the person binds with their own password. */
export const ldapProviderSchema = z.object({
  ...common,
  type: z.literal('ldap'),
  /** `ldaps://host:636` or `ldap://host:389` (then `startTls`). */
  url: z.string().regex(/^ldaps?:\/\/[^\s/]+\/?$/, 'must be ldap://host:port or ldaps://host:port'),
  startTls: z.boolean().default(false),
  /** The CA certificate (PEM) the server's certificate is checked against. */
  caFile: z.string().min(1).optional(),
  /** The service account that searches for the person and their groups, and its password's file. */
  bindDn: z.string().min(1),
  bindPasswordFile: z.string().min(1),
  userBase: z.string().min(1),
  /** `{user}` is replaced by the escaped user name: `(uid={user})`, AD `(sAMAccountName={user})`. */
  userFilter: z.string().includes('{user}').default('(uid={user})'),
  /** Where groups are searched for (nested membership is followed up to 10 levels). */
  groupBase: z.string().min(1).optional(),
  /** Active Directory: nested groups by LDAP_MATCHING_RULE_IN_CHAIN on memberOf, `objectGUID` as the link. */
  activeDirectory: z.boolean().default(false),
  /** The attributes read: the stable id, e-mail, first and last name. */
  attributes: z
    .object({
      id: z.string().default('entryUUID'),
      email: z.string().default('mail'),
      firstName: z.string().default('givenName'),
      lastName: z.string().default('sn'),
    })
    .prefault({}),
});
export type LdapProvider = z.infer<typeof ldapProviderSchema>;

export const directoryProviderSchema = z.discriminatedUnion('type', [oidcProviderSchema, ldapProviderSchema]);
export type DirectoryProvider = z.infer<typeof directoryProviderSchema>;
export const directoryProvidersSchema = z
  .array(directoryProviderSchema)
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'provider ids must be unique');

// GET /api/auth/directory/providers/: what the sign-in screen shows.
export const signInProviderSchema = z.object({
  id: z.string(),
  type: z.enum(['oidc', 'ldap']),
  name: providerNameSchema,
});
export const signInProvidersSchema = z.object({
  providers: z.array(signInProviderSchema),
  /** The provider the sign-in screen goes to at once (unless `?local=1`); null: the screen shows its choices. */
  auto_redirect: z.string().nullable(),
  /** Whether the e-mail and password form is shown (off: only the break-glass administrator uses it, at ?local=1). */
  local_form: z.boolean(),
});
export type SignInProviders = z.infer<typeof signInProvidersSchema>;

// POST /api/auth/directory/handoff/: the one-time code of the callback's redirect.
export const directoryHandoffSchema = z.object({ code: z.string().min(1).max(200) });

// POST /api/auth/directory/ldap/:id/
export const ldapSignInSchema = z.object({
  username: z.string().min(1).max(256),
  password: z.string().min(1).max(1024),
});

/** Why a directory person is refused. */
export const directoryRefusals = [
  'not_in_required_groups',
  'no_account',
  'email_taken',
  'no_email',
  'inactive',
  'break_glass',
] as const;
export type DirectoryRefusal = (typeof directoryRefusals)[number];

// POST /api/admin/directory/preview/
export const directoryPreviewRequestSchema = z.object({
  provider: z.string().min(1),
  claims: z.record(z.string(), z.unknown()),
});
const previewGroupSchema = z.object({ id: idSchema, name: z.string(), code: z.string().nullable() });
export const directoryPreviewSchema = z.object({
  allowed: z.boolean(),
  refusal: z.enum(directoryRefusals).nullable(),
  /** Linked: the account of this sub + issuer; link: an existing account by its verified e-mail; create: a new one. */
  account: z.object({
    action: z.enum(['linked', 'link', 'create', 'none']),
    id: idSchema.nullable(),
    email: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  directory_groups: z.array(z.string()),
  groups: z.array(previewGroupSchema),
  roles: z.array(z.enum(roleLetters)),
  region: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** Mapped product groups or a region the database does not have (a typo in the mapping). */
  unknown: z.array(z.string()),
  /** Whether groups and region would be written (a new account, or sync on). */
  writes_access: z.boolean(),
});
export type DirectoryPreview = z.infer<typeof directoryPreviewSchema>;

// GET /api/admin/directory/providers/
export const directoryProviderStateSchema = z.object({
  id: z.string(),
  type: z.enum(['oidc', 'ldap']),
  name: providerNameSchema,
  /** The issuer or the LDAP server's address. */
  address: z.string(),
  state: z.enum(['unknown', 'ok', 'error']),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  mapping: directoryMappingSchema,
  linked_accounts: z.number().int().min(0),
});
export type DirectoryProviderState = z.infer<typeof directoryProviderStateSchema>;
