-- Issue 40: the process that checks an import says it is alive (`heartbeat_at`), and `attempts` counts the checks
-- begun. A `checking` import whose process died is taken up again once, and failed with a reason the second time.
ALTER TABLE "imports" ADD COLUMN "heartbeat_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "imports_unfinished_idx" ON "imports" ("user_id", "status") WHERE "status" IN ('queued', 'checking');
