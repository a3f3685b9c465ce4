ALTER TABLE "mentors" ALTER COLUMN "contact_visibility" SET DEFAULT 'accepted';--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "name_reading" text;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "job_type" text;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "joined_year" integer;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "topics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "topics_note" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "reading" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "name_en" text;