CREATE INDEX "fn_forms_stage_id_idx" ON "fn_forms" USING btree ("stage","id");--> statement-breakpoint
CREATE INDEX "fn_forms_stage_series_id_idx" ON "fn_forms" USING btree ("stage","series","id");--> statement-breakpoint
-- The active-not-shared list reads forms by id (the two indexes above); by series and number the stage index
-- (stage, series, number, id) serves it as well as this partial copy did.
DROP INDEX IF EXISTS "fn_forms_active_not_shared_idx";
