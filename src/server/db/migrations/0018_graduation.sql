CREATE TABLE "graduation_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email_change_id" uuid,
	"profile" jsonb NOT NULL,
	"icon_id" uuid,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD COLUMN "purpose" text DEFAULT 'address' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "graduating_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "graduation_applications" ADD CONSTRAINT "graduation_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduation_applications" ADD CONSTRAINT "graduation_applications_email_change_id_email_changes_id_fk" FOREIGN KEY ("email_change_id") REFERENCES "public"."email_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduation_applications" ADD CONSTRAINT "graduation_applications_icon_id_mentor_icons_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."mentor_icons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "graduation_applications_user_idx" ON "graduation_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "graduation_applications_change_idx" ON "graduation_applications" USING btree ("email_change_id");