import { z } from 'zod';
import { cleanString, dayOutSchema, idSchema, isoDateSchema, momentOutSchema, recordIdSchema } from '../api/input';
import { listQuerySchema, type ListSpec } from '../api/list';
import { expectedVersionSchema, versionSchema } from '../api/versions';
import { confirmPasswordProblem, isEmail, passwordProblem } from '../auth/rules';
import { examplePassword } from '../auth/schemas';
import { userMessages as m } from './messages';

/** Azerbaijani numbers as the office writes them: +994 and nine digits. */
export const phonePattern = /^\+994\d{9}$/;

const requiredText = (message: string) => cleanString({ error: message }).trim().min(1, message).max(150);

/** A user as read (list and edit). Groups and direct permissions travel as ids, DRF style. */
export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  parent_name: z.string(),
  phone: z.string(),
  region: idSchema.nullable(),
  region_name: z.string().nullable(),
  is_active: z.boolean(),
  date_of_birth: dayOutSchema.nullable(),
  groups: z.array(idSchema),
  group_names: z.array(z.string()),
  user_permissions: z.array(idSchema),
  date_joined: momentOutSchema,
  last_login: momentOutSchema.nullable(),
  version: versionSchema,
});
export type User = z.infer<typeof userSchema>;

/** `POST create-account/`, `update-account/` and `change-account-status/` answer 201 `{"data": {"data": user}}`. */
export const userAccountResponseSchema = z.object({ data: z.object({ data: userSchema }) });
export type UserAccountResponse = z.infer<typeof userAccountResponseSchema>;

/** `GET /api/user/users/`: filters by name and kind, and the fields it orders by. */
export const userListSpec = {
  filters: {
    id: 'id',
    email: 'exact',
    first_name: 'text',
    last_name: 'text',
    parent_name: 'text',
    phone: 'text',
    region: 'id',
    is_active: 'boolean',
    groups: 'id',
    date_of_birth: 'date',
  },
  orderBy: [
    'id',
    'email',
    'first_name',
    'last_name',
    'parent_name',
    'phone',
    'region',
    'is_active',
    'date_of_birth',
    'date_joined',
    'last_login',
  ],
} as const satisfies ListSpec;
export const userListQuerySchema = listQuerySchema(userListSpec);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** An operator (role F) as the form batch screens pick one. */
export const operatorSchema = z.object({
  id: idSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  parent_name: z.string(),
  region: idSchema.nullable(),
  region_name: z.string().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;
/** `GET /api/user/users/operators/?region=`: active operators, `{"data": [...]}`. */
export const operatorsQuerySchema = listQuerySchema({ filters: { region: 'id' }, orderBy: [] }).pick({ region: true });
export const operatorsResponseSchema = z.object({ data: z.array(operatorSchema) });

/** Fields of the user form shared by create and update (spec section 3 and its error slots in section 5). */
const userFields = {
  email: cleanString()
    .meta({ examples: ['new.user@example.az'] })
    .trim()
    .min(1, { error: m.emailRequired, abort: true })
    .refine((v) => isEmail(v), m.emailInvalid)
    .transform((v) => v.toLowerCase()),
  first_name: requiredText(m.firstNameRequired),
  last_name: requiredText(m.lastNameRequired),
  parent_name: requiredText(m.parentNameRequired),
  phone: cleanString()
    .meta({ examples: ['+994501234567'] })
    .trim()
    .regex(phonePattern, m.phoneInvalid),
  date_of_birth: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema(m.birthDayInvalid, m.birthDayRequired)),
  region: recordIdSchema(m.regionRequired).meta({ 'x-reference': 'regions' }),
  is_active: z.boolean().default(true),
  groups: z.array(recordIdSchema()).max(1000).default([]),
  user_permissions: z.array(recordIdSchema()).max(1000).default([]),
};

const passwordText = () => cleanString().meta({ examples: [examplePassword] });

const passwordField = cleanString()
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ examples: [examplePassword] });

/** POST /api/user/users/create-account/ */
export const userCreateSchema = z
  .object({ ...userFields, password: passwordField, confirm_password: passwordText() })
  .superRefine((v, ctx) => {
    const problem = confirmPasswordProblem(v.password, v.confirm_password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['confirm_password'] });
  });
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** POST /api/user/users/update-account/: the password changes only when given; `version` is the one read. */
export const userUpdateSchema = z
  .object({
    id: recordIdSchema().meta({ 'x-reference': 'users' }),
    version: expectedVersionSchema,
    ...userFields,
    password: passwordText().optional(),
    confirm_password: passwordText().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.password) return;
    const problem = passwordProblem(v.password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
    const mismatch = confirmPasswordProblem(v.password, v.confirm_password ?? '');
    if (mismatch) ctx.addIssue({ code: 'custom', message: mismatch, path: ['confirm_password'] });
  });
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** POST /api/user/users/change-account-status/: a one-field switch, so the version read is checked only when sent. */
export const userStatusSchema = z.object({
  id: recordIdSchema().meta({ 'x-reference': 'users' }),
  is_active: z.boolean(),
  version: expectedVersionSchema.optional(),
});

/** POST /api/user/users/send-password-reset/: mails the person a reset link (how anyone but A renews a password). */
export const userPasswordResetSchema = z.object({
  id: recordIdSchema().meta({ 'x-reference': 'users' }),
});

export const groupSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Stable code of the six seeded role groups; null for groups made by administrators. */
  code: z.string().nullable(),
  permissions: z.array(idSchema),
  /** Its members must have a second factor (issue 27); the administrators' and cashiers' groups always do. */
  mfa_required: z.boolean(),
  /** Its members may sign in with a passkey alone, without the password (issue 27). */
  passkey_sign_in: z.boolean(),
  version: versionSchema,
});
export type Group = z.infer<typeof groupSchema>;

/** `GET /api/user/groups/` */
export const groupListSpec = {
  filters: { id: 'id', name: 'text' },
  orderBy: ['id', 'name'],
} as const satisfies ListSpec;
export const groupListQuerySchema = listQuerySchema(groupListSpec);
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;

/** `DELETE /api/user/groups/{id}/` answers the pk. */
export const groupDeleteResponseSchema = z.object({ pk: idSchema });

export const groupInputSchema = z.object({
  name: requiredText(m.groupNameRequired),
  permissions: z.array(recordIdSchema()).max(1000).default([]),
  /** Absent: off for a new group, unchanged on an update (a client that does not know it never turns it off). */
  mfa_required: z.boolean({ error: m.choiceMissing }).optional(),
  /** The same: off for a new group when absent, unchanged on an update. */
  passkey_sign_in: z.boolean({ error: m.choiceMissing }).optional(),
});
export type GroupInput = z.input<typeof groupInputSchema>;

/** `PUT /api/user/groups/{id}/`: the group's fields and the `version` the editor read. */
export const groupUpdateSchema = groupInputSchema.extend({ version: expectedVersionSchema });
export type GroupUpdate = z.input<typeof groupUpdateSchema>;

export const permissionSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  resource: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

/** Profile: the signed-in user changes their own phone and password (`POST /api/user/user-profile/...`). */
export const profilePhoneSchema = z.object({ phone: userFields.phone });
export const profilePasswordSchema = z
  .object({
    oldPassword: cleanString().min(1, m.oldPasswordRequired),
    newPassword: passwordField,
    confirmNewPassword: passwordText(),
  })
  .superRefine((v, ctx) => {
    const problem = confirmPasswordProblem(v.newPassword, v.confirmNewPassword);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['confirmNewPassword'] });
  });
