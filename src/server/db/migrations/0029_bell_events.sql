-- Issue 40: the bell's count reaches an open page as soon as it changes, over a server-sent
-- event stream (notifications/bell-streams.ts) held by whichever app process the page reached.
-- Every change to a user's notifications (a new one, a message counted, one read, one deleted)
-- tells every process on the channel og_bell, with the user's id as the payload. The database
-- raises it, as it does og_cache (migration 0012), so no write path can forget it, and it is
-- delivered only when its transaction commits. Identical notifications of one transaction
-- (marking all read) arrive once.
CREATE FUNCTION og_notify_bell() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('og_bell', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('og_bell', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_bell_events AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION og_notify_bell();
