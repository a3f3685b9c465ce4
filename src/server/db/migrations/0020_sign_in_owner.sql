CREATE TABLE "browser_bindings" (
	"hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "code_failed_attempts" integer DEFAULT 0 NOT NULL;