CREATE TABLE "introductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"mentor_id" uuid NOT NULL,
	"introduced_by" uuid,
	"introducer_role" text NOT NULL,
	"introducer_name" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "introductions_status_known" CHECK ("introductions"."status" in ('pending', 'opted_in', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "takes_introductions" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "introduction_id" uuid;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "introduction_id" uuid;--> statement-breakpoint
ALTER TABLE "introductions" ADD CONSTRAINT "introductions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introductions" ADD CONSTRAINT "introductions_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introductions" ADD CONSTRAINT "introductions_introduced_by_users_id_fk" FOREIGN KEY ("introduced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "introductions_pending_pair_key" ON "introductions" USING btree ("student_id","mentor_id") WHERE "introductions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "introductions_opted_in_idx" ON "introductions" USING btree ("mentor_id","answered_at") WHERE "introductions"."status" = 'opted_in';--> statement-breakpoint
CREATE INDEX "introductions_student_idx" ON "introductions" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "introductions_introducer_idx" ON "introductions" USING btree ("introduced_by","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_requests_introduction_key" ON "visit_requests" USING btree ("introduction_id");