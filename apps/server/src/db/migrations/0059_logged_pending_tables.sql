-- A failover must find every table whole (issue 58): an UNLOGGED table's init fork (and that of an identity
-- column's sequence) reaches a standby only at its next restartpoint, so a standby promoted before one answered
-- "bad magic number in sequence dnx_chain_pending_id_seq" to every write, and an unlogged table is emptied on any
-- crash recovery. The pending rows live only inside their transaction (inserted, then deleted at its commit), so
-- being logged costs two small WAL records a transaction and keeps nothing longer. Every unlogged table of the
-- schema (dnx_chain_pending, the one left) becomes logged; migrate.test.ts keeps it so.
DO $$
DECLARE
  t regclass;
BEGIN
  FOR t IN SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relpersistence = 'u' AND c.relkind = 'r' AND n.nspname = 'public' LOOP
    EXECUTE format('ALTER TABLE %s SET LOGGED', t);
  END LOOP;
END
$$;
