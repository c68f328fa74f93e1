-- Hand-written (issue 31): what the forms and payments lists lacked at a million rows under writes.
-- Two orders no index held, so each of their pages sorted every row the list selects (the forms by series: p50
-- 283 ms; the payments by payer name: timed out). The same shape as the other orders' indexes (migration 0008): the
-- ORDER BY's expressions, then the id.
CREATE INDEX IF NOT EXISTS "fn_forms_series_id_idx" ON "fn_forms" USING btree ("series", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_owner_name_sort_idx" ON "payments" USING btree ((az_sort_key("owner_name") COLLATE "C"), "id") INCLUDE ("owner_name");
--> statement-breakpoint
-- The payments' search read az_fold of three columns on every row (2.9 s to count a search of a million payments)
-- and the planner could not tell how many rows a word selects: a stored, folded search key as the resource tables
-- have (migration 0008), with its trigram index and its statistics.
ALTER TABLE "payments" ADD COLUMN "search_key" text GENERATED ALWAYS AS (az_fold(owner_name || ' ' || owner_code || ' ' || coalesce(payment_receipt_number, ''))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_search_key_trgm_idx" ON "payments" USING gin ("search_key" gin_trgm_ops);
