-- Tells every server instance (LISTEN hourbook_auth) when a session or a user changes, so the
-- short in-memory session cache drops it at once (src/server/features/auth/session-cache.ts).
CREATE FUNCTION hourbook_notify_auth_change() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('hourbook_auth', 's:' || OLD.sid);
  ELSE
    PERFORM pg_notify('hourbook_auth', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION hourbook_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION hourbook_notify_auth_change();
