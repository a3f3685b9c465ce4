-- Issue 18: every app process keeps short-lived read caches (lib/read-cache.ts). A change that
-- alters who a session belongs to or what the OG list shows tells every process at once, by
-- NOTIFY on the channel og_cache (db/cache-events.ts listens). The database raises them, not
-- the application, so no write path (a route, a background job, an operator's psql) can forget
-- one, and a notification is delivered only when its transaction commits.
-- The payload names the caches to empty: "sessions", "mentors" or both, comma-separated.
-- PostgreSQL folds identical notifications of one transaction into one.
CREATE FUNCTION og_notify_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('og_cache', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sign-out, withdrawal, suspension and expiry delete sessions.
CREATE TRIGGER sessions_cache_events AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION og_notify_cache('sessions');
--> statement-breakpoint
-- Who a user is (role, approval, suspension, address) decides both their sessions' answers and
-- whether they are listed. last_active_at, written once a minute per user, is left out.
CREATE TRIGGER users_cache_events AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role
    OR OLD.suspended_at IS DISTINCT FROM NEW.suspended_at
    OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified)
  EXECUTE FUNCTION og_notify_cache('sessions,mentors');
--> statement-breakpoint
CREATE TRIGGER users_deleted_cache_events AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION og_notify_cache('sessions,mentors');
--> statement-breakpoint
-- A profile, its icon, availability and limits.
CREATE TRIGGER mentors_cache_events AFTER INSERT OR UPDATE OR DELETE ON mentors
  FOR EACH ROW EXECUTE FUNCTION og_notify_cache('mentors');
--> statement-breakpoint
-- A card shows whether this month's requests reached the alumnus's limit.
CREATE TRIGGER visit_requests_cache_events AFTER INSERT OR DELETE ON visit_requests
  FOR EACH ROW EXECUTE FUNCTION og_notify_cache('mentors');
--> statement-breakpoint
CREATE TRIGGER visit_requests_status_cache_events AFTER UPDATE ON visit_requests
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION og_notify_cache('mentors');
--> statement-breakpoint
-- Cards name universities (and in English mode by their English name).
CREATE TRIGGER universities_cache_events AFTER INSERT OR UPDATE OR DELETE ON universities
  FOR EACH ROW EXECUTE FUNCTION og_notify_cache('mentors');
