ALTER TABLE "sign_in_tokens" ADD COLUMN "browser_hash" text;--> statement-breakpoint
CREATE INDEX "sign_in_tokens_browser_idx" ON "sign_in_tokens" USING btree ("browser_hash","created_at");