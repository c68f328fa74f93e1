-- The inspectors' checks (issue 56): a voided blank is an answer of its own, and a form's history pages its checks
-- in (checked_at, recorded_at, id) order by this index, whose first column also serves the form's foreign key.
ALTER TABLE "inspect_checks" DROP CONSTRAINT "inspect_checks_answer";--> statement-breakpoint
DROP INDEX "inspect_checks_form_id_idx";--> statement-breakpoint
CREATE INDEX "inspect_checks_form_id_checked_at_idx" ON "inspect_checks" USING btree ("form_id","checked_at","recorded_at","id");--> statement-breakpoint
ALTER TABLE "inspect_checks" ADD CONSTRAINT "inspect_checks_answer" CHECK ("inspect_checks"."answer" in ('valid', 'expired', 'annulled', 'voided', 'not_issued', 'unknown', 'not_genuine'));
