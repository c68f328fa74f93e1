CREATE UNIQUE INDEX "regions_name_az_fold_key" ON "regions" USING btree (az_fold("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "automobile_brands_name_az_fold_key" ON "automobile_brands" USING btree (az_fold("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "automobile_models_brand_id_name_az_fold_key" ON "automobile_models" USING btree ("brand_id",az_fold("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fn_statuses_name_az_fold_key" ON "fn_statuses" USING btree (az_fold("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "route_companies_name_az_fold_key" ON "route_companies" USING btree (az_fold("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "special_transport_types_name_az_fold_key" ON "special_transport_types" USING btree (az_fold("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tax_payers_name_az_fold_key" ON "tax_payers" USING btree (az_fold("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "transport_types_name_az_fold_key" ON "transport_types" USING btree (az_fold("name"));--> statement-breakpoint
ALTER TABLE "automobile_models" ADD CONSTRAINT "automobile_models_id_brand_id_key" UNIQUE("id","brand_id");--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_coefficient_positive" CHECK ("regions"."coefficient" > 0);--> statement-breakpoint
ALTER TABLE "fn_coefficients" ADD CONSTRAINT "fn_coefficients_coefficient_positive" CHECK ("fn_coefficients"."coefficient" > 0);