CREATE TABLE "visit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_request_id" uuid,
	"author_id" uuid,
	"mentor_id" uuid,
	"company" text NOT NULL,
	"company_reading" text,
	"industry" text NOT NULL,
	"job_type" text,
	"mentor_joined_year" integer,
	"author_grade" text,
	"visited_at" timestamp with time zone NOT NULL,
	"qa" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"advice" text DEFAULT '' NOT NULL,
	"sharing" text DEFAULT 'private' NOT NULL,
	"show_name" boolean DEFAULT false NOT NULL,
	"mentor_comment" text,
	"offered_at" timestamp with time zone,
	"shared_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"search_grams" text[] GENERATED ALWAYS AS (mentor_search_grams(search_text)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "note_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_visit_request_id_visit_requests_id_fk" FOREIGN KEY ("visit_request_id") REFERENCES "public"."visit_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_notes_visit_key" ON "visit_notes" USING btree ("visit_request_id") WHERE "visit_notes"."visit_request_id" is not null;--> statement-breakpoint
CREATE INDEX "visit_notes_author_idx" ON "visit_notes" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "visit_notes_mentor_idx" ON "visit_notes" USING btree ("mentor_id");--> statement-breakpoint
CREATE INDEX "visit_notes_shared_idx" ON "visit_notes" USING btree ("shared_at","id") WHERE "visit_notes"."sharing" = 'shared' and "visit_notes"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "visit_notes_search_grams_idx" ON "visit_notes" USING gin ("search_grams");