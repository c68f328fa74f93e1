-- The hash chains in stripes (issue 41, decisions.md "Issue 41: the chains in stripes"): each chain is eight chains
-- of its own, told apart by `stripe`. A transaction's rows are linked in one stripe, whose lock it takes at the commit
-- (migration 0023) and holds to the commit's end, as before; but a writer takes a stripe nobody holds, so up to eight
-- writers commit side by side where one did. Measured before: 18 of a payment's 19 ms was waiting for the one lock.
--
-- Within a stripe the rows follow each other in id order (its ids are taken under its lock), each hash linking the
-- stripe's previous row: a row changed, removed or slipped in breaks its stripe at that row, and `verify` walks every
-- stripe in one pass by id. A row moved to another stripe breaks both. The rows written before are stripe 0, their
-- hashes unchanged (the stripe is not part of the canonical form: the link to the previous row of the same stripe is
-- what places a row).
ALTER TABLE "audit_log" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "fn_ledger" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "audit_log_stripe_id_idx" ON "audit_log" USING btree ("stripe", "id");
--> statement-breakpoint
CREATE INDEX "fn_ledger_stripe_id_idx" ON "fn_ledger" USING btree ("stripe", "id");
--> statement-breakpoint
-- How many stripes a chain has. Raising it later is safe (new stripes start at the genesis hash); lowering it
-- would leave stripes that no one writes, which verify still walks.
CREATE OR REPLACE FUNCTION dnx_chain_stripes() RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT 8 $$;
--> statement-breakpoint
-- The append as in migration 0041, each chain in a stripe: per chain (in the order given, the same for every writer),
-- the first stripe whose lock is free, starting from one picked by the backend, else a wait for that one. Waits only
-- ever go from a chain to a later one, so two writers never wait for each other.
CREATE OR REPLACE FUNCTION dnx_chain_append(chains jsonb) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
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
$$;
