import { sql } from 'drizzle-orm';
import type { Language, NavigationLayout } from '@dnx/shared';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, version } from './columns';
import { regions } from './regions';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    parentName: text('parent_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    dateOfBirth: date('date_of_birth'),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    /** Signing in with this product's own password (issue 59): off for a directory's account, or by an administrator. */
    passwordSignIn: boolean('password_sign_in').notNull().default(true),
    /** Interface preferences, kept on the server so they follow the user (decisions.md section 6). */
    layout: text('layout').$type<NavigationLayout>().notNull().default('side'),
    /** When the guided tour was finished or skipped; null: it starts at the next entry. */
    tourSeenAt: timestamp('tour_seen_at', { withTimezone: true }),
    /** The interface's language, and the language of the server's messages to this user (issue 30). */
    language: text('language').$type<Language>().notNull().default('az'),
    darkTheme: boolean('dark_theme').notNull().default(false),
    compactTheme: boolean('compact_theme').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    dateJoined: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_region_id_idx').on(t.regionId),
    check('users_layout_known', sql`${t.layout} in ('side', 'top')`),
    check('users_language_known', sql`${t.language} in ('az', 'en', 'ru')`),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stable code of a seeded role group (admin, central, ...); null for groups made by administrators. */
    code: text('code'),
    /** Its members must have a second factor (issue 27); on for the administrators and cashiers of a real installation. */
    mfaRequired: boolean('mfa_required').notNull().default(false),
    /** Its members may sign in with a passkey alone, without the password (issue 27). */
    passkeySignIn: boolean('passkey_sign_in').notNull().default(false),
    version: version(),
  },
  (t) => [
    uniqueIndex('groups_name_key').on(t.name),
    uniqueIndex('groups_code_key').on(t.code),
    // Names are unique by their search key (az_fold, migration 0002): "MƏRKƏZİ APARAT", "Merkezi aparat" and
    // "Mərkəzi aparat" are one name, whatever the case, I/İ/ı/i or a Latin keyboard's missing letters.
    uniqueIndex('groups_name_az_fold_key').on(sql`az_fold(${t.name})`),
  ],
);

export const permissions = pgTable(
  'permissions',
  {
    id: id(),
    code: text('code').notNull(),
    resource: text('resource').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('permissions_code_key').on(t.code)],
);

export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.permissionId] }),
    index('group_permissions_permission_id_idx').on(t.permissionId),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_id_idx').on(t.groupId)],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.permissionId] }),
    index('user_permissions_permission_id_idx').on(t.permissionId),
  ],
);
