-- dnx:no-transaction
DROP INDEX CONCURRENTLY IF EXISTS "fn_forms_valid_to_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "fn_forms_valid_to_idx" ON "fn_forms" USING btree ("valid_to") WHERE "fn_forms"."valid_to" is not null;
