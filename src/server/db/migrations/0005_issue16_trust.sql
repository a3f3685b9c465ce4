CREATE TABLE "registration_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" uuid
);
--> statement-breakpoint
ALTER TABLE "visit_requests" DROP CONSTRAINT "visit_requests_student_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "visit_requests" DROP CONSTRAINT "visit_requests_mentor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "visit_requests" ALTER COLUMN "student_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_requests" ALTER COLUMN "mentor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "redact_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "reported_email" text;--> statement-breakpoint
ALTER TABLE "registration_holds" ADD CONSTRAINT "registration_holds_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_holds_email_idx" ON "registration_holds" USING btree ("email");--> statement-breakpoint
CREATE INDEX "registration_holds_cleared_idx" ON "registration_holds" USING btree ("cleared_at");--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_tokens_browser_idx" ON "sign_in_tokens" USING btree ("browser_hash","created_at");