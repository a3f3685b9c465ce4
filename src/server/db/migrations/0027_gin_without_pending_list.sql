-- GIN indexes without a pending list (docs/PERFORMANCE.md): new entries went to a list that only
-- VACUUM empties, and PGlite has no autovacuum, so every search read the whole list (up to 4 MB)
-- and the planner priced it in (a count of 1,648 matches walked the table: 100 ms, not 2 ms).
-- Altered rather than rebuilt: the indexes stay, new entries go straight into them, and what is
-- pending now is moved in once.
ALTER INDEX "mentors_topics_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "mentors_search_grams_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "visit_notes_search_grams_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('mentors_topics_idx');--> statement-breakpoint
SELECT gin_clean_pending_list('mentors_search_grams_idx');--> statement-breakpoint
SELECT gin_clean_pending_list('visit_notes_search_grams_idx');
