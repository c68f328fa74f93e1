-- dnx_chain_append: its current definition.
-- Last defined by migration 0055_chain_stripes; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_chain_append(chains jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  stripes constant integer := dnx_chain_stripes();
  chain jsonb;
  part jsonb;
  head text;
  at timestamptz;
  at_text text;
  seq text;
  new_id bigint;
  cols text;
  picked text;
  ids bigint[];
  hashes text[];
  first integer := pg_backend_pid() % stripes;
  stripe integer;
  taken integer[] := '{}';
  n integer := 0;
BEGIN
  FOR chain IN SELECT value FROM jsonb_array_elements(chains) LOOP
    stripe := NULL;
    FOR i IN 0 .. stripes - 1 LOOP
      IF pg_try_advisory_xact_lock(hashtext('dnx:chain:' || (chain->>'table') || ':' || ((first + i) % stripes))) THEN
        stripe := (first + i) % stripes;
        EXIT;
      END IF;
    END LOOP;
    IF stripe IS NULL THEN
      stripe := first;
      PERFORM pg_advisory_xact_lock(hashtext('dnx:chain:' || (chain->>'table') || ':' || stripe));
    END IF;
    taken := taken || stripe;
  END LOOP;
  at := timestamptz 'epoch' + floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint * interval '1 millisecond';
  at_text := to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  FOR chain IN SELECT value FROM jsonb_array_elements(chains) LOOP
    n := n + 1;
    stripe := taken[n];
    EXECUTE format('SELECT hash FROM %I WHERE stripe = $1 ORDER BY id DESC LIMIT 1', chain->>'table')
      INTO head USING stripe;
    head := coalesce(head, repeat('0', 64));
    seq := pg_get_serial_sequence(chain->>'table', 'id');
    SELECT string_agg(format('%I', c), ', '), string_agg('r.' || format('%I', c), ', ')
      INTO cols, picked FROM jsonb_array_elements_text(chain->'columns') c;
    ids := '{}';
    hashes := '{}';
    FOR part IN SELECT p.value FROM jsonb_array_elements(chain->'parts') WITH ORDINALITY p(value, n) ORDER BY p.n LOOP
      new_id := nextval(seq);
      head := encode(sha256(convert_to(head || (part->>0) || '"' || at_text || '"'
        || (part->>1) || new_id::text || (part->>2), 'UTF8')), 'hex');
      ids := ids || new_id;
      hashes := hashes || head;
    END LOOP;
    EXECUTE format('INSERT INTO %I (id, at, hash, stripe, %s) OVERRIDING SYSTEM VALUE '
        'SELECT k.id, $1, k.hash, $5, %s FROM unnest($2::bigint[], $3::text[]) WITH ORDINALITY k(id, hash, n) '
        'JOIN jsonb_array_elements($4) WITH ORDINALITY j(value, n) ON j.n = k.n '
        'CROSS JOIN LATERAL jsonb_populate_record(NULL::%I, j.value) r ORDER BY k.n',
        chain->>'table', cols, picked, chain->>'table')
      USING at, ids, hashes, chain->'rows', stripe;
  END LOOP;
END
$function$;
