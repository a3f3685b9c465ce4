CREATE TABLE "seminar" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"leader_name" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seminar_one_row" CHECK ("seminar"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "proof_hash" text;--> statement-breakpoint
ALTER TABLE "seminar" ADD CONSTRAINT "seminar_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;