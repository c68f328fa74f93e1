-- The users list keeps its counts (the whole list, each filter and search, each region's scope) until the change
-- feed announces a write to a table the count reads (issue 31): `rows:users` for every statement that writes users
-- (a new account, a deletion, a deactivation, an edit of a filtered field), and `rows:user_groups` for memberships
-- (the list's groups filter). The row trigger of migration 0011 (`user:<id>`, the signed-in user's cache) and the
-- statement trigger announcing `access` stay as they are; these are announced beside them, once per statement.
CREATE TRIGGER "users_rows_change_feed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_groups_rows_change_feed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_rows_changed"();
