import { like, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizeForSearch } from '../../shared/search';
import { containing } from './paging';

/** The words of a query, folded by shared/search (both kanas, full and half width, case). */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .split(/[\s\u3000]+/)
    .map(normalizeForSearch)
    .filter(Boolean);
}

/**
 * Free-text search as the 訪問記録 do it (docs/PERFORMANCE.md): each word looked up in a
 * `search_grams` column (every one- and two-character piece of `search_text`, migration 0003's
 * mentor_search_grams, under a GIN index), then matched exactly with LIKE on `search_text`. The
 * words are in the statement for the planner to weigh, so it is planned for each search.
 */
export function wordConditions(
  searchText: AnyPgColumn | SQL,
  searchGrams: AnyPgColumn,
  q?: string,
): SQL[] {
  // LIKE first: where the planner walks an index and filters, PostgreSQL tests the conditions
  // in the order written (they cost the same to it), and LIKE on the text is several times
  // cheaper than taking the array of pieces apart, which then runs only for rows that match.
  return searchWords(q).flatMap((word) => [
    like(searchText, containing(word)),
    sql`${searchGrams} @> ARRAY[${sql.join(
      queryGrams(word).map((gram) => sql`${gram}`),
      sql`, `,
    )}]::text[]`,
  ]);
}

/*
 * The OG list's search runs on plans fixed by the statement, not by the words (decision 0028):
 * planning a statement for its words cost more than running it, and the planner, multiplying
 * the pieces' frequencies, took common names for rare ones. Each word is behind a scalar
 * subquery, which the planner cannot see into, so a statement is planned once and kept; the
 * service chooses between the two plans below by how many rows the first finds.
 */

/** Each word exactly in the text (strpos: no pattern to escape), its value hidden. */
export function textHasWords(searchText: AnyPgColumn, words: readonly string[]): SQL[] {
  return words.map((word) => sql`strpos(${searchText}, (select ${word}::text)) > 0`);
}

/**
 * Every word's pieces in `search_grams`, its value hidden: to the planner a rare condition, so it
 * reads the GIN index (the index test holds it to that).
 */
export function gramsHaveWords(searchGrams: AnyPgColumn, words: readonly string[]): SQL {
  const grams = [...new Set(words.flatMap(queryGrams))];
  return sql`${searchGrams} @> (select ARRAY[${sql.join(
    grams.map((gram) => sql`${gram}`),
    sql`, `,
  )}]::text[])`;
}

/**
 * The pieces of a search word looked up in search_grams: its two-character pieces, or the
 * character itself. Bigrams alone: where the planner sees them (the 訪問記録), its estimate for
 * one bigram is exact from the column's statistics; the OG list hides them and its service
 * chooses the plan (decision 0028). The text test beside them is the exact match.
 */
function queryGrams(word: string): string[] {
  const characters = [...word];
  if (characters.length < 2) return characters;
  return characters.slice(1).map((character, i) => characters[i]! + character);
}
