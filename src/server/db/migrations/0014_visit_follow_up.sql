CREATE TABLE "visit_feedback" (
	"visit_request_id" uuid NOT NULL,
	"side" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_feedback_visit_request_id_side_pk" PRIMARY KEY("visit_request_id","side")
);
--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "expired_in_row" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "auto_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "no_shows_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_messages" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "day_before_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "student_outcome" text;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "mentor_outcome" text;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "thanked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_feedback" ADD CONSTRAINT "visit_feedback_visit_request_id_visit_requests_id_fk" FOREIGN KEY ("visit_request_id") REFERENCES "public"."visit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_requests_pending_idx" ON "visit_requests" USING btree ("created_at") WHERE "visit_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "visit_requests_day_before_idx" ON "visit_requests" USING btree ("meeting_at") WHERE "visit_requests"."status" = 'accepted' and "visit_requests"."day_before_sent_at" is null;