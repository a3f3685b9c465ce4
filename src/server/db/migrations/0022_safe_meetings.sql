CREATE TABLE "consultation_desk" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_desk_one_row" CHECK ("consultation_desk"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "no_show_claims" (
	"visit_request_id" uuid NOT NULL,
	"claimant_side" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"answer_note" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "no_show_claims_visit_request_id_claimant_side_pk" PRIMARY KEY("visit_request_id","claimant_side")
);
--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "admins_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "place_kind" text;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "place_other" text;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "student_rules_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "mentor_rules_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "safe_end_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "safe_end_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_desk" ADD CONSTRAINT "consultation_desk_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_claims" ADD CONSTRAINT "no_show_claims_visit_request_id_visit_requests_id_fk" FOREIGN KEY ("visit_request_id") REFERENCES "public"."visit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_reports_unmailed_idx" ON "user_reports" USING btree ("created_at") WHERE "user_reports"."admins_mailed_at" is null;--> statement-breakpoint
CREATE INDEX "visit_requests_meeting_idx" ON "visit_requests" USING btree ("meeting_at") WHERE "visit_requests"."status" = 'accepted';--> statement-breakpoint
-- Reports made before the gathered mail existed were already in the console: none is mailed now.
UPDATE "user_reports" SET "admins_mailed_at" = "created_at";
--> statement-breakpoint
-- A no-show recorded before claims existed becomes a claim without a reason, so the admins see it
-- beside its answer and the side it names may answer it.
INSERT INTO "no_show_claims" ("visit_request_id", "claimant_side", "created_at", "updated_at")
SELECT "id", 'student', "updated_at", "updated_at" FROM "visit_requests" WHERE "student_outcome" = 'no_show'
UNION ALL
SELECT "id", 'mentor', "updated_at", "updated_at" FROM "visit_requests" WHERE "mentor_outcome" = 'no_show'
ON CONFLICT DO NOTHING;
