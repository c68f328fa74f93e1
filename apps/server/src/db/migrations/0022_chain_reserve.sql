-- The hash chains' reservation (lib/hash-chain.ts): in one statement, the chains' advisory locks in the order given,
-- then each chain's last hash and its new ids, and the time. The function is VOLATILE, so each statement in it takes
-- a fresh snapshot: the heads are read after the locks are held and see every row committed before. One round trip
-- instead of three, taken at the end of a transaction, so the locks are held for one statement less.
CREATE OR REPLACE FUNCTION dnx_chain_reserve(chains text[], counts integer[]) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  i integer;
  head text;
  ids bigint[];
  result jsonb;
BEGIN
  FOR i IN 1 .. coalesce(array_length(chains, 1), 0) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('dnx:chain:' || chains[i]));
  END LOOP;
  result := jsonb_build_object('ms', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint::text);
  FOR i IN 1 .. coalesce(array_length(chains, 1), 0) LOOP
    EXECUTE format('SELECT hash FROM %I ORDER BY id DESC LIMIT 1', chains[i]) INTO head;
    SELECT array_agg(nextval(pg_get_serial_sequence(chains[i], 'id')) ORDER BY g) INTO ids
      FROM generate_series(1, counts[i]) g;
    result := result || jsonb_build_object(chains[i], jsonb_build_object('head', head, 'ids', to_jsonb(ids)));
  END LOOP;
  RETURN result;
END
$$;
