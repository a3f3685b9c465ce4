DROP INDEX "mentors_graduation_year_idx";--> statement-breakpoint
CREATE INDEX "mentors_reading_idx" ON "mentors" USING btree (("name_reading" is null),coalesce("name_reading", ''),"user_id");--> statement-breakpoint
CREATE INDEX "mentors_job_type_idx" ON "mentors" USING btree ("job_type");--> statement-breakpoint
CREATE INDEX "mentors_topics_idx" ON "mentors" USING gin ("topics");--> statement-breakpoint
CREATE INDEX "mentors_graduation_year_idx" ON "mentors" USING btree ("graduation_year","user_id");