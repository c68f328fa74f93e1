ALTER TABLE "users" ADD COLUMN "layout" text DEFAULT 'side' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tour_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "preferences";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_layout_known" CHECK ("users"."layout" in ('side', 'top'));