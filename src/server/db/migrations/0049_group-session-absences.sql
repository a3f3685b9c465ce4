ALTER TABLE "group_session_places" ADD COLUMN "absence_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD COLUMN "absence_answer_note" text;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD COLUMN "absence_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD COLUMN "absence_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD COLUMN "absence_decision" text;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD COLUMN "absence_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD COLUMN "absence_decided_by" uuid;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD COLUMN "safe_end_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD COLUMN "safe_end_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD CONSTRAINT "group_session_places_absence_decided_by_users_id_fk" FOREIGN KEY ("absence_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a 欠席 recorded before absences were claims is filed now (its student was not told then).
UPDATE "group_session_places" SET "absence_claimed_at" = now() WHERE "attended" = false;
