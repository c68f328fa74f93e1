-- A mail put in the outbox wakes every process's mail worker when its transaction commits (features/mail/plugin.ts):
-- sent within moments, not at the next poll.
CREATE TRIGGER "mail_outbox_change_feed" AFTER INSERT ON "mail_outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_rows_changed"();
