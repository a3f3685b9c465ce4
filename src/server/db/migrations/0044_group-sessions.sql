CREATE TABLE "group_session_places" (
	"session_id" uuid NOT NULL,
	"session_seats" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"state" text NOT NULL,
	"seat_no" integer,
	"wait_no" integer,
	"attended" boolean,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_session_places_session_id_student_id_pk" PRIMARY KEY("session_id","student_id"),
	CONSTRAINT "group_session_places_state_known" CHECK ("group_session_places"."state" in ('seated', 'waiting', 'left')),
	CONSTRAINT "group_session_places_seat_in_range" CHECK ("group_session_places"."seat_no" is null or "group_session_places"."seat_no" between 1 and "group_session_places"."session_seats"),
	CONSTRAINT "group_session_places_seat_when_seated" CHECK (("group_session_places"."state" = 'seated') = ("group_session_places"."seat_no" is not null)),
	CONSTRAINT "group_session_places_wait_when_waiting" CHECK (("group_session_places"."state" = 'waiting') = ("group_session_places"."wait_no" is not null))
);
--> statement-breakpoint
CREATE TABLE "group_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sign_up_closes_at" timestamp with time zone NOT NULL,
	"meeting_format" text NOT NULL,
	"place_kind" text,
	"meeting_place" text,
	"meeting_url" text,
	"seats" integer NOT NULL,
	"audience_kind" text NOT NULL,
	"audience_grades" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience_university_id" text,
	"created_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_reason" text,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_sessions_id_seats_key" UNIQUE("id","seats"),
	CONSTRAINT "group_sessions_seats_range" CHECK ("group_sessions"."seats" between 2 and 20),
	CONSTRAINT "group_sessions_times_ordered" CHECK ("group_sessions"."sign_up_closes_at" <= "group_sessions"."starts_at" and "group_sessions"."starts_at" < "group_sessions"."ends_at"),
	CONSTRAINT "group_sessions_format_known" CHECK ("group_sessions"."meeting_format" in ('online', 'in_person')),
	CONSTRAINT "group_sessions_audience_known" CHECK ("group_sessions"."audience_kind" in ('all', 'grades', 'university'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_session_id" uuid;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD CONSTRAINT "group_session_places_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_places" ADD CONSTRAINT "group_session_places_session_fk" FOREIGN KEY ("session_id","session_seats") REFERENCES "public"."group_sessions"("id","seats") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_audience_university_id_universities_id_fk" FOREIGN KEY ("audience_university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_session_places_seat_key" ON "group_session_places" USING btree ("session_id","seat_no");--> statement-breakpoint
CREATE UNIQUE INDEX "group_session_places_wait_key" ON "group_session_places" USING btree ("session_id","wait_no");--> statement-breakpoint
CREATE INDEX "group_session_places_student_idx" ON "group_session_places" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "group_sessions_upcoming_idx" ON "group_sessions" USING btree ("starts_at") WHERE "group_sessions"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "group_sessions_mentor_idx" ON "group_sessions" USING btree ("mentor_id","starts_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_group_session_id_group_sessions_id_fk" FOREIGN KEY ("group_session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;