ALTER TABLE "visit_requests" ADD COLUMN "proposed_times" timestamp with time zone[];--> statement-breakpoint
-- A proposal made before several times could be proposed becomes a list of its one time.
UPDATE "visit_requests" SET "proposed_times" = ARRAY["proposed_time"] WHERE "proposed_time" IS NOT NULL AND "proposed_times" IS NULL;
