-- Issue 56: a bank statement is known by its identity (the SHA-256 of its account, number or sequence and period;
-- with no number, of its balances, totals, entry count and entries too: features/bank-statements/statement-identity.ts), not by
-- its bytes. The content hash stays, no longer unique. A statement kept twice before (one byte apart) keeps its first
-- copy in the unique index; the later copies keep a null identity and stay out of it. matched_at: when its credits
-- were matched; a statement whose credits were never touched (a crash between storing and matching) has none, and
-- its next upload matches them. accepted_difference: a link whose amounts differ, accepted with a reason.
DROP INDEX "bank_statements_content_hash_key";--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "identity" text;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_entries" ADD COLUMN "accepted_difference" numeric(14, 2);--> statement-breakpoint
UPDATE "bank_statements" s SET "identity" = k.identity
FROM (
	SELECT id, identity, row_number() OVER (PARTITION BY identity ORDER BY id) AS copy
	FROM (
		SELECT id, encode(sha256(convert_to(concat_ws(E'\n',
			upper(regexp_replace(account, '\s', '', 'g')), number,
			coalesce(to_char(from_date, 'YYYY-MM-DD'), ''), coalesce(to_char(to_date, 'YYYY-MM-DD'), ''),
			CASE WHEN number = '' THEN concat_ws(E'\n', opening_balance::text, closing_balance::text,
				credits_total::text, debits_total::text, entry_count::text, encode(sha256(convert_to(coalesce((
					SELECT string_agg(concat_ws('|', to_char(e.booking_date, 'YYYY-MM-DD'), e.direction, e.amount::text,
						e.reference), E'\n' ORDER BY e.position)
					FROM "bank_entries" e WHERE e.statement_id = s0.id), ''), 'UTF8')), 'hex')) END), 'UTF8')), 'hex') AS identity
		FROM "bank_statements" s0
	) computed
) k
WHERE s.id = k.id AND k.copy = 1;--> statement-breakpoint
UPDATE "bank_statements" s SET "matched_at" = s.created_at
WHERE NOT EXISTS (SELECT 1 FROM "bank_entries" e WHERE e.statement_id = s.id AND e.direction = 'credit')
	OR EXISTS (SELECT 1 FROM "bank_entries" e WHERE e.statement_id = s.id AND e.direction = 'credit'
		AND (e.match_state <> 'no_payment' OR e.claimed_payment_id IS NOT NULL OR e.resolved_at IS NOT NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_identity_key" ON "bank_statements" USING btree ("identity");--> statement-breakpoint
CREATE INDEX "bank_statements_content_hash_idx" ON "bank_statements" USING btree ("content_hash");
