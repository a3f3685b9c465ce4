CREATE TABLE "group_session_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"author_id" uuid,
	"author_side" text NOT NULL,
	"body" text NOT NULL,
	"masked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_session_posts_side_known" CHECK ("group_session_posts"."author_side" in ('mentor', 'student'))
);
--> statement-breakpoint
ALTER TABLE "group_session_posts" ADD CONSTRAINT "group_session_posts_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_posts" ADD CONSTRAINT "group_session_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_session_posts_thread_idx" ON "group_session_posts" USING btree ("session_id","created_at");