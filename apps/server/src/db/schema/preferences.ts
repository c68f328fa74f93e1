import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, version } from './columns';
import { groups, users } from './users';

/**
 * What a person shapes of the lists (issue 29): per user and list, the columns shown in their order and the density,
 * and the view that opens by default; kept on the server so they follow the person to another computer.
 */
export const userListPreferences = pgTable(
  'user_list_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The list: its screen's route key, and a tab after a colon (`active-fn:by-inspector`). */
    list: text('list').notNull(),
    /** The columns shown, in order; null: the list's defaults. */
    columns: jsonb('columns').$type<string[]>(),
    density: text('density').$type<'comfortable' | 'compact'>().notNull().default('comfortable'),
    defaultViewId: integer('default_view_id').references((): AnyPgColumn => savedViews.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.list] }),
    index('user_list_preferences_default_view_id_idx').on(t.defaultViewId),
    check('user_list_preferences_density_known', sql`${t.density} in ('comfortable', 'compact')`),
  ],
);

/** A saved view of a list: a named set of filters, sort, columns and page size; its owner's, or shared with groups. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    /** The list's query as its address carries it (filters, search, order, per_page). */
    query: jsonb('query').$type<Record<string, string>>().notNull().default({}),
    /** The columns shown, in order; null: the person's own or the list's defaults. */
    columns: jsonb('columns').$type<string[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('saved_views_user_list_name_key').on(t.userId, t.list, sql`lower(${t.name})`),
    index('saved_views_list_idx').on(t.list),
  ],
);

/** The groups a view is shared with (an administrator shares; each member sees it beside their own). */
export const savedViewGroups = pgTable(
  'saved_view_groups',
  {
    viewId: integer('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.viewId, t.groupId] }), index('saved_view_groups_group_id_idx').on(t.groupId)],
);

/** A person's recent searches of the search palette (the last ten are kept). */
export const recentSearches = pgTable(
  'recent_searches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.query] }),
    index('recent_searches_user_id_searched_at_idx').on(t.userId, t.searchedAt),
  ],
);
