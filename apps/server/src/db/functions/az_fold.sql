-- az_fold: its current definition.
-- Last defined by migration 0002_az_text_functions; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.az_fold(value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
RETURN btrim(regexp_replace(translate(regexp_replace(NORMALIZE(az_lower(value), NFD), '[̀-ͯ]+'::text, ''::text, 'g'::text), 'ıə'::text, 'ie'::text), '[	-    -     　﻿]+'::text, ' '::text, 'g'::text), ' '::text);
