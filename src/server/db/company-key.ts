import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { COMPANY_LEGAL_FORMS } from '../../shared/company';
import { FOLDED_KATAKANA } from '../../shared/search';

function range(first: number, last: number, shift = 0): string {
  let text = '';
  for (let code = first; code <= last; code++) text += String.fromCharCode(code - shift);
  return text;
}

const KATAKANA = range(FOLDED_KATAKANA.first, FOLDED_KATAKANA.last);
const HIRAGANA = range(FOLDED_KATAKANA.first, FOLDED_KATAKANA.last, FOLDED_KATAKANA.toHiragana);

/**
 * shared/company's companyKey as an SQL expression on a stored name, so a company's alumni and
 * notes are found by the key in the database (decision 0040): NFKC, lower case, katakana as
 * hiragana, spaces out, then each legal form out. company-key.test.ts holds the two to the same
 * answers.
 */
export function companyKeyOf(name: AnyPgColumn | SQL): SQL<string> {
  let key: SQL = sql`regexp_replace(translate(lower(normalize(${name}, NFKC)), ${KATAKANA}::text, ${HIRAGANA}::text), '\\s+', '', 'g')`;
  for (const form of COMPANY_LEGAL_FORMS) key = sql`replace(${key}, ${form}::text, '')`;
  return key as SQL<string>;
}
