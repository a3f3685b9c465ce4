-- Every one- and two-character piece of a folded search text (shared/search.ts folds the
-- stored text and the query alike), for the GIN index behind free-text search. pg_trgm would
-- need three characters, and Japanese words are often two (商社, 金融).
CREATE FUNCTION "mentor_search_grams"(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT substr(t, i, n)), '{}') FROM generate_series(1, 2) AS n, generate_series(1, length(t) - n + 1) AS i $$;--> statement-breakpoint
-- The "newest first" indexes were DESC NULLS LAST, which ORDER BY ... DESC (NULLS FIRST)
-- cannot use: every list sorted the whole table. Rebuilt to match.
DROP INDEX "invitations_created_idx";--> statement-breakpoint
DROP INDEX "mentors_created_idx";--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
ALTER TABLE "mentors" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (mentor_search_grams(search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "mentors_industry_idx" ON "mentors" USING btree ("industry" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "mentors_search_grams_idx" ON "mentors" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "invitations_created_idx" ON "invitations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mentors_created_idx" ON "mentors" USING btree ("created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);