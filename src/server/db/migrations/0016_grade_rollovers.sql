CREATE TABLE "grade_rollovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_year" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "grade_rollovers_school_year_key" ON "grade_rollovers" USING btree ("school_year");