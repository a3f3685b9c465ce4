ALTER TABLE "no_show_claims" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "no_show_claims" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "no_show_claims" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "no_show_claims" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "no_show_claims" ADD CONSTRAINT "no_show_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;