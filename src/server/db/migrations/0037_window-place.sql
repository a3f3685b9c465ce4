ALTER TABLE "visit_requests" ADD COLUMN "window_place_kind" text;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "window_place" text;