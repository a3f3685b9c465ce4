ALTER TABLE "visit_notes" ADD COLUMN "group_session_id" uuid;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD COLUMN "group_session_title" text;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_group_session_id_group_sessions_id_fk" FOREIGN KEY ("group_session_id") REFERENCES "public"."group_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_notes_group_session_key" ON "visit_notes" USING btree ("group_session_id","author_id") WHERE "visit_notes"."group_session_id" is not null;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_about_one" CHECK ("visit_notes"."group_session_title" is null or "visit_notes"."visit_request_id" is null);--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_session_titled" CHECK ("visit_notes"."group_session_id" is null or "visit_notes"."group_session_title" is not null);