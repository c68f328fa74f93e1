-- The hash chains' append (lib/hash-chain.ts), in one statement at the end of a transaction: the chains' advisory
-- locks in the order given, then for each chain its last hash and, per row, the next id, the time (one per call, to
-- the millisecond), the hash and the insert. The function is VOLATILE, so each statement in it takes a fresh
-- snapshot: the heads are read after the locks are held and see every row committed before. The locks are then
-- held for this statement's answer and the commit, not for a round trip per step.
--
-- `chains`: [{table, columns, rows, parts}], each row's values by column (all but id, at, hash and derived ones),
-- and `parts` the row's canonical JSON (the app's canonicalJson) cut where the time and the id go, so the hash is
-- sha256(previous hash || parts[0] || "at" || parts[1] || id || parts[2]), exactly what the app's verifier computes.
CREATE OR REPLACE FUNCTION dnx_chain_append(chains jsonb) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  chain jsonb;
  i integer;
  head text;
  at timestamptz;
  at_text text;
  new_id bigint;
  cols text;
BEGIN
  FOR chain IN SELECT value FROM jsonb_array_elements(chains) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('dnx:chain:' || (chain->>'table')));
  END LOOP;
  at := timestamptz 'epoch' + floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint * interval '1 millisecond';
  at_text := to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  FOR chain IN SELECT value FROM jsonb_array_elements(chains) LOOP
    EXECUTE format('SELECT hash FROM %I ORDER BY id DESC LIMIT 1', chain->>'table') INTO head;
    head := coalesce(head, repeat('0', 64));
    SELECT string_agg(format('%I', c), ', ') INTO cols FROM jsonb_array_elements_text(chain->'columns') c;
    FOR i IN 0 .. jsonb_array_length(chain->'rows') - 1 LOOP
      new_id := nextval(pg_get_serial_sequence(chain->>'table', 'id'));
      head := encode(sha256(convert_to(head || (chain->'parts'->i->>0) || '"' || at_text || '"'
        || (chain->'parts'->i->>1) || new_id::text || (chain->'parts'->i->>2), 'UTF8')), 'hex');
      EXECUTE format('INSERT INTO %I (id, at, hash, %s) OVERRIDING SYSTEM VALUE SELECT $1, $2, $3, %s '
          'FROM jsonb_populate_record(NULL::%I, $4)', chain->>'table', cols, cols, chain->>'table')
        USING new_id, at, head, chain->'rows'->i;
    END LOOP;
  END LOOP;
END
$$;
