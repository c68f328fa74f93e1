ALTER TABLE "idempotency_keys" ADD COLUMN "effect_resource" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "effect_record_id" text;