-- Every deleted session (logout, password change, expiry sweep, or by hand) is announced on
-- the channel lectern_session_revoked with its id, so every server instance drops it from its
-- session cache at once (decision 0013).
CREATE OR REPLACE FUNCTION "lectern_announce_session_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectern_session_revoked', OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_deleted" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "lectern_announce_session_deleted"();
