-- Issue 57: every text a bank gives with an entry is kept by its field, with the receipt keys and VÖEN tokens it
-- names (features/bank-statements, shared receiptCandidates). A payment's receipt carries its normalised key
-- (db/schema/payments.ts bankReceiptKeySql, the steps of shared receiptKey), indexed, so matching stays set-based.
-- Entries kept before keep their one reference as their text and key, their payer's VÖEN as their token: they match
-- as they did.
ALTER TABLE "payments" ADD COLUMN "receipt_key" text GENERATED ALWAYS AS (replace(btrim(regexp_replace(regexp_replace(lower(az_fold(normalize(replace(payment_receipt_number, '№', ' '), NFKC))), '[^a-z0-9]+', ' ', 'g'), '(^|[^0-9])0+([0-9])', '\1\2', 'g')), ' ', '')) STORED;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD COLUMN "payer_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD COLUMN "texts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD COLUMN "receipt_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD COLUMN "voen_tokens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_receipt_key_idx" ON "payments" USING btree ("receipt_key");--> statement-breakpoint
CREATE INDEX "bank_entries_receipt_keys_idx" ON "bank_entries" USING gin ("receipt_keys");--> statement-breakpoint
UPDATE "bank_entries" SET
	"texts" = CASE WHEN "reference" = '' THEN '[]'::jsonb
		ELSE jsonb_build_array(jsonb_build_object('field', 'reference', 'text', "reference")) END,
	"receipt_keys" = CASE WHEN replace(btrim(regexp_replace(regexp_replace(lower(az_fold(normalize(replace("reference", '№', ' '), NFKC))), '[^a-z0-9]+', ' ', 'g'), '(^|[^0-9])0+([0-9])', '\1\2', 'g')), ' ', '') = '' THEN '{}'::text[] ELSE ARRAY[replace(btrim(regexp_replace(regexp_replace(lower(az_fold(normalize(replace("reference", '№', ' '), NFKC))), '[^a-z0-9]+', ' ', 'g'), '(^|[^0-9])0+([0-9])', '\1\2', 'g')), ' ', '')] END,
	"voen_tokens" = CASE WHEN "payer_code" ~ '^[0-9]{10}$' THEN ARRAY["payer_code"] ELSE '{}'::text[] END;
