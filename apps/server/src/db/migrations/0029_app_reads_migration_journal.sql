-- The app's login may read which migrations are applied (issue 25): a server started with a login that may not
-- change the schema checks that the database is current instead of migrating it, and says so when it is not.
GRANT USAGE ON SCHEMA drizzle TO dnx_app;--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO dnx_app;
