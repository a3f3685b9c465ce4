import { sql, type SQL } from 'drizzle-orm';
import { ANONYMITY_MIN } from '../../shared/constants';
import { INDUSTRY_SEPARATOR, industryCategoryOf } from '../../shared/taxonomy';
import type { Executor } from '../db/client';
import { mentors } from '../db/schema';
import { listed } from '../db/listed';

/**
 * What an unnamed note (docs/PRODUCT.md §7a) shows of its alumna to other students: never more
 * than at least ANONYMITY_MIN alumnae of the OG list share, so that holding the note against the
 * list never singles her out.
 *
 * Decided when the note is read, from the list as it is then: when an alumna leaves the list, a
 * note that still showed her company does not start naming the two who are left.
 *
 * Every decision is taken for a whole group of the list, never for one alumna. Checking only
 * that the shown facts match three alumnae is not enough: the list carries every fact the rule
 * reads, so a student can run the rule for each card and keep those that would give the label
 * she reads (a company with four alumnae who joined in 2019 and one in 2015: the 2019 notes say
 * 2019, the 2015 one could not, and so the only note that says the company without a year is
 * hers). So the group starts as the listed alumnae of the note's 大分類 (fewer than
 * ANONYMITY_MIN: the note shows nothing of her), and each fact in turn (小分類, company, 入社年,
 * job type) is shown only when every value of it in the group, "not given" included, is shared
 * by at least ANONYMITY_MIN alumnae; the group then narrows to the note's value. Everyone in a
 * group takes the same path, so whoever could have given a label is the whole last group: at
 * least ANONYMITY_MIN alumnae.
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

/** Listed alumnae of one 大分類 who share all four facts, and how many they are. */
interface ListGroup {
  industry: string;
  company: string;
  joinedYear: number | null;
  jobType: string | null;
  alumnae: number;
}

/** The facts in the order they are tried, each as the note and the list hold it. */
const FACTS = [
  { shown: 'industry', ofNote: (n: NoteFacts) => n.industry, ofList: (g: ListGroup) => g.industry },
  { shown: 'company', ofNote: (n: NoteFacts) => n.company, ofList: (g: ListGroup) => g.company },
  {
    shown: 'joinedYear',
    ofNote: (n: NoteFacts) => n.mentorJoinedYear,
    ofList: (g: ListGroup) => g.joinedYear,
  },
  { shown: 'jobType', ofNote: (n: NoteFacts) => n.jobType, ofList: (g: ListGroup) => g.jobType },
] as const;

/**
 * For each note, what it may show: one statement for all of them, which reads the listed
 * alumnae of the notes' 大分類 grouped by the four facts.
 */
export async function shownFactsOf(
  db: Executor,
  notes: readonly NoteFacts[],
): Promise<(facts: NoteFacts) => ShownFacts> {
  const categories = [...new Set(notes.map((facts) => industryCategoryOf(facts.industry)))];
  const byCategory = new Map<string, ListGroup[]>();
  if (categories.length > 0) {
    const result = (await db.execute(sql`
      select split_part(industry, ${INDUSTRY_SEPARATOR}, 1) as category, industry, company,
        joined_year as "joinedYear", job_type as "jobType", count(*)::int as alumnae
      from ${mentors}
      where ${listed} and split_part(industry, ${INDUSTRY_SEPARATOR}, 1) in (${sql.join(
        categories.map((category) => sql`${category}`),
        sql`, `,
      )})
      group by 1, 2, 3, 4, 5`)) as unknown as { rows: (ListGroup & { category: string })[] };
    for (const { category, ...group } of result.rows) {
      const groups = byCategory.get(category) ?? [];
      groups.push({ ...group, alumnae: Number(group.alumnae) });
      byCategory.set(category, groups);
    }
  }
  return (facts) => decide(facts, byCategory.get(industryCategoryOf(facts.industry)) ?? []);
}

/** What the note shows, group by group (see the comment at the top). */
function decide(note: NoteFacts, category: readonly ListGroup[]): ShownFacts {
  let group = category;
  if (alumnaeIn(group) < ANONYMITY_MIN) return NOTHING;
  const shown: ShownFacts = { ...NOTHING, industry: 'category' };
  for (const fact of FACTS) {
    const sizes = new Map<string | number | null, number>();
    for (const part of group) {
      const value = fact.ofList(part);
      sizes.set(value, (sizes.get(value) ?? 0) + part.alumnae);
    }
    if ([...sizes.values()].some((size) => size < ANONYMITY_MIN)) continue;
    const value = fact.ofNote(note);
    group = group.filter((part) => fact.ofList(part) === value);
    // A value the list no longer holds (her company changed since): show nothing more of it.
    if (alumnaeIn(group) < ANONYMITY_MIN) return shown;
    if (value === null) continue;
    if (fact.shown === 'industry') shown.industry = 'full';
    else shown[fact.shown] = true;
  }
  return shown;
}

function alumnaeIn(groups: readonly ListGroup[]): number {
  return groups.reduce((sum, group) => sum + group.alumnae, 0);
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
