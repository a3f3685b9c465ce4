ALTER TABLE "mentors" ADD COLUMN "contact_email_confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "contact_email_token_hash" text;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "contact_email_token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mentors_contact_email_token_hash_key" ON "mentors" USING btree ("contact_email_token_hash");--> statement-breakpoint
-- Issue 32, point 9: students see an alumna's contact address only once its mailed link was
-- followed. An address that is the account's sign-in address was confirmed when the account
-- was (the column's default); one typed separately never was: unconfirmed, and the maintenance
-- job mails its link once (jobs/maintenance.ts, to the rows with no link yet).
UPDATE "mentors" SET "contact_email_confirmed_at" = NULL
  FROM "users"
  WHERE "users"."id" = "mentors"."user_id" AND lower("mentors"."contact_email") <> lower("users"."email");
--> statement-breakpoint
-- Issue 32, point 8: the session carries the alumni who blocked its user (for the OG list);
-- a block or its lifting empties the sessions cache in every process (0012_cache_events.sql).
CREATE TRIGGER user_blocks_cache_events AFTER INSERT OR DELETE ON user_blocks
  FOR EACH ROW EXECUTE FUNCTION og_notify_cache('sessions');
