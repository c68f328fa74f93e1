-- reference_sort_key_rename: its current definition and the 5 triggers that call it.
-- Last defined by migration 0013_reference_sort_keys; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.reference_sort_key_rename()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- TG_ARGV: referencing table, its reference column, its sort column, this table's label column.
  IF (to_jsonb(NEW) ->> TG_ARGV[3]) IS DISTINCT FROM (to_jsonb(OLD) ->> TG_ARGV[3]) THEN
    EXECUTE format('UPDATE %I SET %I = az_sort_key($1) WHERE %I = $2', TG_ARGV[0], TG_ARGV[2], TG_ARGV[1])
      USING to_jsonb(NEW) ->> TG_ARGV[3], NEW.id;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_brands_rename_automobiles AFTER UPDATE OF name ON public.automobile_brands FOR EACH ROW EXECUTE FUNCTION reference_sort_key_rename('automobiles', 'brand_id', 'brand_sort', 'name');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_brands_rename_models AFTER UPDATE OF name ON public.automobile_brands FOR EACH ROW EXECUTE FUNCTION reference_sort_key_rename('automobile_models', 'brand_id', 'brand_sort', 'name');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_models_rename_automobiles AFTER UPDATE OF name ON public.automobile_models FOR EACH ROW EXECUTE FUNCTION reference_sort_key_rename('automobiles', 'model_id', 'model_sort', 'name');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carriers_rename_automobiles AFTER UPDATE OF name ON public.carriers FOR EACH ROW EXECUTE FUNCTION reference_sort_key_rename('automobiles', 'carrier_id', 'carrier_sort', 'name');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tax_payers_rename_carriers AFTER UPDATE OF name ON public.tax_payers FOR EACH ROW EXECUTE FUNCTION reference_sort_key_rename('carriers', 'tax_payer_id', 'tax_payer_sort', 'name');
