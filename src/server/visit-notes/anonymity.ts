import { sql, type SQL } from 'drizzle-orm';
import { ANONYMITY_MIN } from '../../shared/constants';
import { INDUSTRY_SEPARATOR, industryCategoryOf } from '../../shared/taxonomy';
import type { Executor } from '../db/client';
import { mentors } from '../db/schema';
import { listed } from '../mentors';

/**
 * What an unnamed note (「{業界}・{入社年}年入社のOG」, docs/PRODUCT.md §7a) shows of its alumna to
 * other students: no more than matches at least ANONYMITY_MIN alumnae on the OG list, so that
 * holding the note against the list never singles her out.
 *
 * Decided when the note is read, from the list as it is then: when an alumna leaves the list, a
 * note that still showed her company does not start naming the two who are left.
 *
 * The industry's 大分類 is the base of every label (the label says 「{業界}のOG」); on it go, in
 * the order of how much they narrow, the company, 入社年, job type, then the industry's 小分類.
 * The combinations are tried from the most telling (company first) to the least, and the first
 * one the list matches ANONYMITY_MIN times is shown. Checking the shown set is enough: a student
 * holding only some of what is shown against the list matches a superset of those alumnae.
 * When even the 大分類 alone matches fewer, the note shows nothing of her (「OG」).
 */
export { ANONYMITY_MIN };

/** What of an unnamed note's alumna a reader who may not know her is shown. */
export interface ShownFacts {
  company: boolean;
  joinedYear: boolean;
  jobType: boolean;
  /** The whole 「大分類 - 小分類」, only its 大分類, or nothing. */
  industry: 'full' | 'category' | 'none';
}

/** The facts of a note that may tell its alumna (as the note recorded them). */
export interface NoteFacts {
  company: string;
  industry: string;
  jobType: string | null;
  mentorJoinedYear: number | null;
}

const NOTHING: ShownFacts = {
  company: false,
  joinedYear: false,
  jobType: false,
  industry: 'none',
};

// Bits of a combination, most telling first: tried from 0b1111 down to 0b0000 (大分類 alone).
const COMPANY = 8;
const JOINED = 4;
const JOB = 2;
const SUBCATEGORY = 1;
const COMBINATIONS = Array.from({ length: 16 }, (_, index) => 15 - index);

function keyOf(facts: NoteFacts): string {
  return JSON.stringify([facts.company, facts.industry, facts.jobType, facts.mentorJoinedYear]);
}

/**
 * For each note, what it may show (by `keyOf` its facts): one statement for all of them, which
 * counts the listed alumnae of the note's 大分類 matching each combination.
 */
export async function shownFactsOf(
  db: Executor,
  notes: readonly NoteFacts[],
): Promise<(facts: NoteFacts) => ShownFacts> {
  const distinct = new Map(notes.map((facts) => [keyOf(facts), facts]));
  const decided = new Map<string, ShownFacts>();
  if (distinct.size > 0) {
    const rows = sql.join(
      [...distinct.entries()].map(
        ([key, facts]) =>
          sql`(${key}::text, ${facts.company}::text, ${facts.mentorJoinedYear}::int, ${facts.jobType}::text, ${facts.industry}::text, ${industryCategoryOf(facts.industry)}::text)`,
      ),
      sql`, `,
    );
    const counts = COMBINATIONS.map((bits) => {
      const conditions = [
        bits & COMPANY ? sql`m.company = n.company` : undefined,
        bits & JOINED ? sql`m.joined_year = n.joined_year` : undefined,
        bits & JOB ? sql`m.job_type = n.job_type` : undefined,
        bits & SUBCATEGORY ? sql`m.industry = n.industry` : undefined,
      ].filter((condition) => condition !== undefined);
      const matching = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
      return sql`count(m.user_id) filter (where ${matching})::int`;
    });
    const result = (await db.execute(sql`
      select n.key, array[${sql.join(counts, sql`, `)}] as counts
      from (values ${rows}) as n(key, company, joined_year, job_type, industry, category)
      left join (select * from ${mentors} where ${listed}) as m
        on split_part(m.industry, ${INDUSTRY_SEPARATOR}, 1) = n.category
      group by n.key`)) as unknown as { rows: { key: string; counts: number[] }[] };
    for (const row of result.rows) {
      const facts = distinct.get(row.key)!;
      decided.set(row.key, choose(facts, row.counts.map(Number)));
    }
  }
  return (facts) => decided.get(keyOf(facts)) ?? NOTHING;
}

/**
 * Whether an unnamed note of this 大分類 shows it (its industry is not 'none'), as a condition:
 * the 大分類 alone is the last combination `choose` tries and the widest, so the note shows it
 * exactly when at least ANONYMITY_MIN listed alumnae are in it. The industry filter's test
 * (queries.ts), in the statement that finds the notes.
 */
export function categoryShown(category: string): SQL {
  return sql`(select count(*) from ${mentors} where ${listed} and split_part(${mentors.industry}, ${INDUSTRY_SEPARATOR}, 1) = ${category}) >= ${ANONYMITY_MIN}`;
}

/** The most telling combination the list matches ANONYMITY_MIN times (counts in COMBINATIONS order). */
function choose(facts: NoteFacts, counts: number[]): ShownFacts {
  for (const [index, bits] of COMBINATIONS.entries()) {
    // A fact the note does not have cannot be shown: the combination without it is tried later.
    if (bits & JOINED && facts.mentorJoinedYear === null) continue;
    if (bits & JOB && facts.jobType === null) continue;
    if (bits & SUBCATEGORY && industryCategoryOf(facts.industry) === facts.industry) continue;
    if (counts[index]! >= ANONYMITY_MIN) {
      return {
        company: (bits & COMPANY) !== 0,
        joinedYear: (bits & JOINED) !== 0,
        jobType: (bits & JOB) !== 0,
        industry: bits & SUBCATEGORY ? 'full' : 'category',
      };
    }
  }
  return NOTHING;
}
