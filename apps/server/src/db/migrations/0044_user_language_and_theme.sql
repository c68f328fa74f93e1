ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'az' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dark_theme" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "compact_theme" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("users"."language" in ('az', 'en', 'ru'));