-- The hash chains' rows are appended at the commit itself, not by a statement before it: the app inserts a
-- transaction's chain rows as one pending row (lib/hash-chain.ts), and a deferred constraint trigger hands them to
-- `dnx_chain_append` (migration 0022) while the transaction commits. The chains' locks are then taken inside the
-- commit and held only for the append and the commit's write, with no round trip to the app in between: before,
-- the app read the append's answer and sent COMMIT while every other writer of the chain waited for the lock.
-- UNLOGGED: a pending row lives only inside its transaction (the trigger deletes it), so it needs no WAL.
CREATE UNLOGGED TABLE "dnx_chain_pending" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "chains" jsonb NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dnx_chain_flush() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dnx_chain_append(NEW.chains);
  DELETE FROM dnx_chain_pending WHERE id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dnx_chain_pending_flush" AFTER INSERT ON "dnx_chain_pending"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dnx_chain_flush();
