-- reference_sort_key_set: its current definition and the 5 triggers that call it.
-- Last defined by migration 0013_reference_sort_keys; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.reference_sort_key_set()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  -- TG_ARGV: sort column, reference column, referenced table, referenced label column.
  ref_id integer := (to_jsonb(NEW) ->> TG_ARGV[1])::integer;
  key text;
BEGIN
  IF ref_id IS NOT NULL THEN
    EXECUTE format('SELECT az_sort_key(%I) FROM %I WHERE id = $1', TG_ARGV[3], TG_ARGV[2]) INTO key USING ref_id;
  END IF;
  NEW := jsonb_populate_record(NEW, jsonb_build_object(TG_ARGV[0], key));
  RETURN NEW;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_models_brand_sort BEFORE INSERT OR UPDATE OF brand_id ON public.automobile_models FOR EACH ROW EXECUTE FUNCTION reference_sort_key_set('brand_sort', 'brand_id', 'automobile_brands', 'name');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobiles_brand_sort BEFORE INSERT OR UPDATE OF brand_id ON public.automobiles FOR EACH ROW EXECUTE FUNCTION reference_sort_key_set('brand_sort', 'brand_id', 'automobile_brands', 'name');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobiles_carrier_sort BEFORE INSERT OR UPDATE OF carrier_id ON public.automobiles FOR EACH ROW EXECUTE FUNCTION reference_sort_key_set('carrier_sort', 'carrier_id', 'carriers', 'name');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobiles_model_sort BEFORE INSERT OR UPDATE OF model_id ON public.automobiles FOR EACH ROW EXECUTE FUNCTION reference_sort_key_set('model_sort', 'model_id', 'automobile_models', 'name');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carriers_tax_payer_sort BEFORE INSERT OR UPDATE OF tax_payer_id ON public.carriers FOR EACH ROW EXECUTE FUNCTION reference_sort_key_set('tax_payer_sort', 'tax_payer_id', 'tax_payers', 'name');
