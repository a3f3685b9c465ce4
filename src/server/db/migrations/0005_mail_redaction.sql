ALTER TABLE "mail_outbox" ADD COLUMN "redact_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "redacted_at" timestamp with time zone;