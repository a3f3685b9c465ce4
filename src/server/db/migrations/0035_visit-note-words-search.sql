ALTER TABLE "visit_notes" ADD COLUMN "words_search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Issue 54, point 1: the notes saved before keep their own words apart from their alumna's facts.
-- search_text is normalizeForSearch(company, reading, industry, words) (visit-notes/queries.ts),
-- and folding removes the spaces between them, so the words are what follows the first three
-- folded alike: NFKC, lower case, katakana as hiragana (the translate below, U+30A1-U+30F6 as
-- toHiragana), no spaces. Where PostgreSQL folds a character otherwise than JavaScript, the
-- prefix does not match and the row keeps '': those who may not know its alumna do not find it
-- by its words until it is saved again (never by her facts).
UPDATE "visit_notes" SET "words_search_text" = substr("visit_notes"."search_text", length("folded"."prefix") + 1)
FROM (SELECT "id", translate(regexp_replace(lower(normalize(
         "company" || ' ' || coalesce("company_reading", '') || ' ' || "industry", NFKC)), '\s+', '', 'g'),
       'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ',
       'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ') AS "prefix"
      FROM "visit_notes") AS "folded"
WHERE "folded"."id" = "visit_notes"."id" AND starts_with("visit_notes"."search_text", "folded"."prefix");
