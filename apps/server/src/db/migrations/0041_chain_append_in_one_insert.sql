-- The chains' append in one pass (issue 28: an import appends 100,000 audit rows in one transaction): the hashes
-- are computed in a loop over the rows' parts, read once as a set, and the rows go in with one INSERT from arrays.
-- Before, each row took `chain->'rows'->i` (a copy of the whole payload per row) and its own dynamic INSERT, so the
-- commit of a large transaction grew with the square of its rows. The hashes are the same: same parts, same order.
CREATE OR REPLACE FUNCTION dnx_chain_append(chains jsonb) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
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
BEGIN
  FOR chain IN SELECT value FROM jsonb_array_elements(chains) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('dnx:chain:' || (chain->>'table')));
  END LOOP;
  at := timestamptz 'epoch' + floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint * interval '1 millisecond';
  at_text := to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  FOR chain IN SELECT value FROM jsonb_array_elements(chains) LOOP
    EXECUTE format('SELECT hash FROM %I ORDER BY id DESC LIMIT 1', chain->>'table') INTO head;
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
    EXECUTE format('INSERT INTO %I (id, at, hash, %s) OVERRIDING SYSTEM VALUE '
        'SELECT k.id, $1, k.hash, %s FROM unnest($2::bigint[], $3::text[]) WITH ORDINALITY k(id, hash, n) '
        'JOIN jsonb_array_elements($4) WITH ORDINALITY j(value, n) ON j.n = k.n '
        'CROSS JOIN LATERAL jsonb_populate_record(NULL::%I, j.value) r ORDER BY k.n',
        chain->>'table', cols, picked, chain->>'table')
      USING at, ids, hashes, chain->'rows';
  END LOOP;
END
$$;
