import { normalizeForSearch } from './search';

/**
 * How a company is known across profiles and 訪問記録 (decision 0040): companies are free text,
 * so a company is its name folded as search folds text (widths, case, both kanas, spaces:
 * shared/search) with the legal form left out, so 「株式会社みらいテック」, 「みらいテック（株）」 and
 * 「ミライテック」 are one company and one page. The server compares the same key in SQL
 * (db/company-key.ts builds its expression from the constants below).
 */

/**
 * Legal forms as they read once folded (NFKC turns 「（株）」 and 「㈱」 into 「(株)」): left out
 * wherever they stand, as people write them before or after the name, or not at all.
 */
export const COMPANY_LEGAL_FORMS: readonly string[] = [
  '株式会社',
  '(株)',
  '有限会社',
  '(有)',
  '合同会社',
  '(同)',
];

/** The company's key: '' for a name that is only a legal form or nothing (no page). */
export function companyKey(name: string): string {
  let key = normalizeForSearch(name);
  for (const form of COMPANY_LEGAL_FORMS) key = key.split(form).join('');
  return key;
}
