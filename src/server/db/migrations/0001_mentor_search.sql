DROP INDEX "mentors_created_idx";--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "mentors_graduation_year_idx" ON "mentors" USING btree ("graduation_year");--> statement-breakpoint
CREATE INDEX "mentors_university_idx" ON "mentors" USING btree ("university_id");--> statement-breakpoint
CREATE INDEX "mentors_created_idx" ON "mentors" USING btree ("created_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
-- Rows written before this column existed: an approximation of shared/search.ts in SQL.
UPDATE "mentors" SET "search_text" = regexp_replace(lower(normalize("name" || "company" || "message", NFKC)), '\s', '', 'g') WHERE "search_text" = '';
