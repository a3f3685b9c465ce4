CREATE TABLE "mentor_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"weekday" integer,
	"day" date,
	"start_minute" integer,
	"end_minute" integer,
	"meeting_format" text,
	"place_kind" text,
	"meeting_place" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "booking_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "slot_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "booking_notice_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "booking_ahead_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "booking_buffer_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "booking_on_holidays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "auto_accept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "booking_rules_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "next_slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "next_slot_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "booked_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "booked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "agenda_topics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "agenda_questions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mentor_availability" ADD CONSTRAINT "mentor_availability_mentor_id_mentors_user_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."mentors"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mentor_availability_mentor_idx" ON "mentor_availability" USING btree ("mentor_id");--> statement-breakpoint
CREATE INDEX "mentors_next_slot_idx" ON "mentors" USING btree ("next_slot_at");--> statement-breakpoint
-- Issue 37: no slot is booked twice, by construction. A live request (pending or agreed) that
-- holds a slot excludes any other live request holding an overlapping time of the same alumna;
-- the request service also takes the alumna's lock, so this is the floor beneath it, and a
-- second booking fails with 23P01 whatever path it took. btree_gist gives uuid its "=" in a
-- GiST index (PGlite loads it too: db/client.ts PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_booked_slot_excl"
  EXCLUDE USING gist ("mentor_id" WITH =, tstzrange("booked_from", "booked_until") WITH &&)
  WHERE ("booked_from" IS NOT NULL AND "status" IN ('pending', 'accepted'));
--> statement-breakpoint
-- Windows change what the OG list's cards show (the earliest slot is on mentors, whose trigger
-- tells the processes; this covers a window changed by hand).
CREATE TRIGGER mentor_availability_cache_events AFTER INSERT OR UPDATE OR DELETE ON mentor_availability
  FOR EACH ROW EXECUTE FUNCTION og_notify_cache('mentors');
