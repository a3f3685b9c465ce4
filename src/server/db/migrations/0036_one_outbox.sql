CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"links" jsonb NOT NULL,
	"subscription_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redact_after" timestamp with time zone,
	"redacted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("channel","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_sent_idx" ON "outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "outbox_subscription_idx" ON "outbox" USING btree ("subscription_id");--> statement-breakpoint
-- Hand-written (decision 0034): the rows of both outboxes carried over, as the one engine reads them.
INSERT INTO "outbox" ("id", "channel", "to", "subject", "text", "html", "links", "status", "attempts", "next_attempt_at", "last_error", "sent_at", "created_at", "redact_after", "redacted_at")
SELECT "id", 'mail', "to", "subject", "text", "html", "links", "status", "attempts", "next_attempt_at", "last_error", "sent_at", "created_at", "redact_after", "redacted_at" FROM "mail_outbox";--> statement-breakpoint
INSERT INTO "outbox" ("id", "channel", "to", "subject", "text", "html", "links", "subscription_id", "status", "attempts", "next_attempt_at", "created_at")
SELECT "id", 'push', "subscription_id"::text, "title", "url", '', jsonb_build_array("url"), "subscription_id", 'pending', "attempts", greatest("due_at", coalesce("claimed_until", "due_at")), "created_at" FROM "push_outbox";--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;--> statement-breakpoint
DROP TABLE "push_outbox" CASCADE;
