ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("users"."language" in ('ja', 'en'));--> statement-breakpoint
-- The session answer now carries the account's language (migration 0017's trigger, one column
-- more): a choice made in one process reaches every process's cached sessions.
DROP TRIGGER users_cache_events ON users;
--> statement-breakpoint
CREATE TRIGGER users_cache_events AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role
    OR OLD.suspended_at IS DISTINCT FROM NEW.suspended_at
    OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
    OR OLD.asks_name_reading IS DISTINCT FROM NEW.asks_name_reading
    OR OLD.language IS DISTINCT FROM NEW.language)
  EXECUTE FUNCTION og_notify_cache('sessions,mentors');
