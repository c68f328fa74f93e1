ALTER TABLE "automobile_models" ADD COLUMN "brand_sort" text;--> statement-breakpoint
ALTER TABLE "automobiles" ADD COLUMN "brand_sort" text;--> statement-breakpoint
ALTER TABLE "automobiles" ADD COLUMN "model_sort" text;--> statement-breakpoint
ALTER TABLE "automobiles" ADD COLUMN "carrier_sort" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "tax_payer_sort" text;--> statement-breakpoint
-- Ordering a list by a referenced record's name (automobiles by brand, model or carrier; models by brand;
-- carriers by tax payer) reads a stored az_sort_key of that name with an index, instead of sorting every row.
-- Triggers keep it: on the row when its reference is set, and on every row of a record that is renamed.
CREATE FUNCTION reference_sort_key_set() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE FUNCTION reference_sort_key_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV: referencing table, its reference column, its sort column, this table's label column.
  IF (to_jsonb(NEW) ->> TG_ARGV[3]) IS DISTINCT FROM (to_jsonb(OLD) ->> TG_ARGV[3]) THEN
    EXECUTE format('UPDATE %I SET %I = az_sort_key($1) WHERE %I = $2', TG_ARGV[0], TG_ARGV[2], TG_ARGV[1])
      USING to_jsonb(NEW) ->> TG_ARGV[3], NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE automobile_models m SET brand_sort = (SELECT az_sort_key(b.name) FROM automobile_brands b WHERE b.id = m.brand_id);
--> statement-breakpoint
UPDATE carriers c SET tax_payer_sort = (SELECT az_sort_key(t.name) FROM tax_payers t WHERE t.id = c.tax_payer_id);
--> statement-breakpoint
UPDATE automobiles a SET
  brand_sort = (SELECT az_sort_key(b.name) FROM automobile_brands b WHERE b.id = a.brand_id),
  model_sort = (SELECT az_sort_key(m.name) FROM automobile_models m WHERE m.id = a.model_id),
  carrier_sort = (SELECT az_sort_key(c.name) FROM carriers c WHERE c.id = a.carrier_id);
--> statement-breakpoint
CREATE TRIGGER automobile_models_brand_sort BEFORE INSERT OR UPDATE OF brand_id ON automobile_models
  FOR EACH ROW EXECUTE FUNCTION reference_sort_key_set('brand_sort', 'brand_id', 'automobile_brands', 'name');
--> statement-breakpoint
CREATE TRIGGER carriers_tax_payer_sort BEFORE INSERT OR UPDATE OF tax_payer_id ON carriers
  FOR EACH ROW EXECUTE FUNCTION reference_sort_key_set('tax_payer_sort', 'tax_payer_id', 'tax_payers', 'name');
--> statement-breakpoint
CREATE TRIGGER automobiles_brand_sort BEFORE INSERT OR UPDATE OF brand_id ON automobiles
  FOR EACH ROW EXECUTE FUNCTION reference_sort_key_set('brand_sort', 'brand_id', 'automobile_brands', 'name');
--> statement-breakpoint
CREATE TRIGGER automobiles_model_sort BEFORE INSERT OR UPDATE OF model_id ON automobiles
  FOR EACH ROW EXECUTE FUNCTION reference_sort_key_set('model_sort', 'model_id', 'automobile_models', 'name');
--> statement-breakpoint
CREATE TRIGGER automobiles_carrier_sort BEFORE INSERT OR UPDATE OF carrier_id ON automobiles
  FOR EACH ROW EXECUTE FUNCTION reference_sort_key_set('carrier_sort', 'carrier_id', 'carriers', 'name');
--> statement-breakpoint
CREATE TRIGGER automobile_brands_rename_models AFTER UPDATE OF name ON automobile_brands
  FOR EACH ROW EXECUTE FUNCTION reference_sort_key_rename('automobile_models', 'brand_id', 'brand_sort', 'name');
--> statement-breakpoint
CREATE TRIGGER automobile_brands_rename_automobiles AFTER UPDATE OF name ON automobile_brands
  FOR EACH ROW EXECUTE FUNCTION reference_sort_key_rename('automobiles', 'brand_id', 'brand_sort', 'name');
--> statement-breakpoint
CREATE TRIGGER automobile_models_rename_automobiles AFTER UPDATE OF name ON automobile_models
  FOR EACH ROW EXECUTE FUNCTION reference_sort_key_rename('automobiles', 'model_id', 'model_sort', 'name');
--> statement-breakpoint
CREATE TRIGGER carriers_rename_automobiles AFTER UPDATE OF name ON carriers
  FOR EACH ROW EXECUTE FUNCTION reference_sort_key_rename('automobiles', 'carrier_id', 'carrier_sort', 'name');
--> statement-breakpoint
CREATE TRIGGER tax_payers_rename_carriers AFTER UPDATE OF name ON tax_payers
  FOR EACH ROW EXECUTE FUNCTION reference_sort_key_rename('carriers', 'tax_payer_id', 'tax_payer_sort', 'name');
--> statement-breakpoint
CREATE INDEX automobile_models_brand_sort_idx ON automobile_models (brand_sort COLLATE "C", id);
--> statement-breakpoint
CREATE INDEX carriers_tax_payer_sort_idx ON carriers (tax_payer_sort COLLATE "C", id);
--> statement-breakpoint
CREATE INDEX automobiles_brand_sort_idx ON automobiles (brand_sort COLLATE "C", id);
--> statement-breakpoint
CREATE INDEX automobiles_model_sort_idx ON automobiles (model_sort COLLATE "C", id);
--> statement-breakpoint
CREATE INDEX automobiles_carrier_sort_idx ON automobiles (carrier_sort COLLATE "C", id);
