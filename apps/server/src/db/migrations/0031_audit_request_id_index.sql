-- dnx:no-transaction
DROP INDEX CONCURRENTLY IF EXISTS "audit_log_request_id_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "audit_log_request_id_idx" ON "audit_log" USING btree ("request_id") WHERE "audit_log"."request_id" is not null;
