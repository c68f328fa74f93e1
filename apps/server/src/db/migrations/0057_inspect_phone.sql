-- Issue 46: the inspector's phone. The authority's Ed25519 signing keys when no SIGNING_KEYS setting names them (the
-- private key sealed under MFA_ENCRYPTION_KEY); at most one key is current, so two processes making the first key at
-- once keep one.
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"publish_until" date,
	CONSTRAINT "signing_keys_retired_has_window" CHECK ("signing_keys"."retired_at" is null or "signing_keys"."publish_until" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_current" ON "signing_keys" ((true)) WHERE "retired_at" IS NULL;
