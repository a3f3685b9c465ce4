CREATE TABLE "listed_mentor_count" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "listed_mentor_count_one_row" CHECK ("listed_mentor_count"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Who is on the OG list, in one place: an approved alumnus or an admin, with a confirmed
-- address, not suspended (and, being in mentors, with a profile).
CREATE FUNCTION og_user_listed(role text, email_verified boolean, suspended_at timestamptz)
  RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT role IN ('mentor', 'admin') AND email_verified AND suspended_at IS NULL
$$;
--> statement-breakpoint
-- mentors.listed is never taken from what the app writes: it is read from the user's row on
-- every insert and update of a profile, and set again when the user's row changes. A new
-- profile waits for a change to its user in flight (FOR SHARE), whose trigger could not see the
-- new row; an update needs no lock, as the user's trigger waits for the profile's row and then
-- sets it again. Every transaction that changes both takes the user's row first.
CREATE FUNCTION og_mentor_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    NEW.listed := coalesce(
      (SELECT og_user_listed(u.role, u.email_verified, u.suspended_at) FROM users u
        WHERE u.id = NEW.user_id FOR SHARE),
      false);
  ELSE
    NEW.listed := coalesce(
      (SELECT og_user_listed(u.role, u.email_verified, u.suspended_at) FROM users u
        WHERE u.id = NEW.user_id),
      false);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mentors_listed BEFORE INSERT OR UPDATE ON mentors
  FOR EACH ROW EXECUTE FUNCTION og_mentor_listed();
--> statement-breakpoint
CREATE FUNCTION og_user_relisted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mentors SET listed = og_user_listed(NEW.role, NEW.email_verified, NEW.suspended_at)
    WHERE user_id = NEW.id
      AND listed IS DISTINCT FROM og_user_listed(NEW.role, NEW.email_verified, NEW.suspended_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_relisted AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
    OR OLD.suspended_at IS DISTINCT FROM NEW.suspended_at)
  EXECUTE FUNCTION og_user_relisted();
--> statement-breakpoint
-- The count follows the rows that come on or go off the list, by one difference per statement
-- (a bulk insert or a move adds its rows at once, not one row lock after another), so
-- transactions running side by side each add theirs (the row lock orders them).
CREATE FUNCTION og_count_listed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change integer := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    change := change + (SELECT count(*) FROM added WHERE listed);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    change := change - (SELECT count(*) FROM removed WHERE listed);
  END IF;
  IF change <> 0 THEN
    UPDATE listed_mentor_count SET total = total + change WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mentors_counted_insert AFTER INSERT ON mentors
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION og_count_listed();
--> statement-breakpoint
CREATE TRIGGER mentors_counted_update AFTER UPDATE ON mentors
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION og_count_listed();
--> statement-breakpoint
CREATE TRIGGER mentors_counted_delete AFTER DELETE ON mentors
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION og_count_listed();
--> statement-breakpoint
CREATE FUNCTION og_count_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listed_mentor_count SET total = 0 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mentors_counted_truncate AFTER TRUNCATE ON mentors
  FOR EACH STATEMENT EXECUTE FUNCTION og_count_emptied();
--> statement-breakpoint
-- The rows there are now: every profile's flag from its user (the BEFORE trigger reads it),
-- then the count from the flags.
UPDATE mentors SET listed = listed;
--> statement-breakpoint
INSERT INTO listed_mentor_count (id, total) SELECT 1, count(*) FROM mentors WHERE listed;
