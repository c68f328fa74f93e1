-- az_sort_key: its current definition.
-- Last defined by migration 0002_az_text_functions; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.az_sort_key(value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
RETURN translate(az_lower(value), 'abcçdeəfgğhxıijkqlmnoöprsştuüvyz'::text, '􏿀􏿁􏿂􏿃􏿄􏿅􏿆􏿇􏿈􏿉􏿊􏿋􏿌􏿍􏿎􏿏􏿐􏿑􏿒􏿓􏿔􏿕􏿖􏿗􏿘􏿙􏿚􏿛􏿜􏿝􏿞􏿟'::text);
