-- dnx:no-transaction
DROP INDEX CONCURRENTLY IF EXISTS "payments_status_created_at_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "payments_status_created_at_idx" ON "payments" USING btree ("status","created_at");
