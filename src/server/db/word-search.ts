import { like, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizeForSearch } from '../../shared/search';
import { containing } from './paging';

/**
 * Free-text search as the OG list and the 訪問記録 do it (docs/PERFORMANCE.md): the words of a
 * query, folded by shared/search (both kanas, full and half width, case), each looked up in a
 * `search_grams` column (every one- and two-character piece of `search_text`, migration 0003's
 * mentor_search_grams, under a GIN index), then matched exactly with LIKE on `search_text`.
 */
export function wordConditions(
  searchText: AnyPgColumn,
  searchGrams: AnyPgColumn,
  q?: string,
): SQL[] {
  const words = (q ?? '')
    .split(/[\s\u3000]+/)
    .map(normalizeForSearch)
    .filter(Boolean);
  return words.flatMap((word) => [
    sql`${searchGrams} @> ARRAY[${sql.join(
      queryGrams(word).map((gram) => sql`${gram}`),
      sql`, `,
    )}]::text[]`,
    like(searchText, containing(word)),
  ]);
}

/**
 * The pieces of a search word looked up in search_grams: its two-character pieces, or the
 * character itself. Bigrams alone, because the planner's estimate for one bigram is exact from
 * the column's statistics, and it then knows whether walking the newest-first index beats the
 * GIN index. LIKE, beside it, is the exact match.
 */
function queryGrams(word: string): string[] {
  const characters = [...word];
  if (characters.length < 2) return characters;
  return characters.slice(1).map((character, i) => characters[i]! + character);
}
