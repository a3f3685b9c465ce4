ALTER TABLE "visit_requests" ADD COLUMN "proposed_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "proposed_by" text;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "proposal_message" text;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "proposal_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "student_unseen" boolean DEFAULT false NOT NULL;