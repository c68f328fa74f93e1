-- One number that changes whenever who-holds-what changes (groups, memberships, permissions), bumped by the
-- database itself so no code path can forget. Each request reads it with the user row; a server process may
-- reuse a user's groups and permissions while the number is unchanged.
CREATE TABLE "access_versions" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "access_versions" DEFAULT VALUES;
--> statement-breakpoint
CREATE FUNCTION "bump_access_version"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "access_versions" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_groups_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
--> statement-breakpoint
CREATE TRIGGER "user_permissions_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
--> statement-breakpoint
CREATE TRIGGER "group_permissions_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
--> statement-breakpoint
CREATE TRIGGER "groups_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
--> statement-breakpoint
CREATE TRIGGER "permissions_access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
