ALTER TABLE "refresh_tokens" ADD COLUMN "successor_jti" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_access_jti" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_issued_at" timestamp with time zone;