DROP INDEX "groups_name_az_lower_key";--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_az_fold_key" ON "groups" USING btree (az_fold("name"));