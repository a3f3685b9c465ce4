import {
  JOB_TYPES,
  MENTOR_TOPICS,
  VISIT_EXPIRY_DAYS,
  type MentorTopic,
} from '../../shared/constants';
import { INDUSTRY_CATEGORIES, formatIndustry, industryCategoryOf } from '../../shared/taxonomy';
import { mulberry32 } from '../lib/mulberry32';
import { type Candidate, type Load, type Ranking, type Seeker, recommend } from './score';

/**
 * A month of a synthetic seminar whose students follow おすすめの先輩, once ranked by relevance
 * alone and once by ours (score.ts), so that the two can be compared: `npm run
 * simulate:matching` prints it (scripts/simulate-matching.ts), simulation.test.ts holds ours to
 * issue 57's targets, docs/PRODUCT.md §6b says how to read it. Everything follows from the seed,
 * so a run can be repeated. Not product code: nothing of the site imports it.
 *
 * The seminar is fixed, not a set of knobs: the figures in the docs are for these numbers, and
 * a change here is a change of the experiment, to be written down there.
 */

const STUDENTS = 300;
const ALUMNI = 80;
const DAYS = 30;
/** Cards a student sees: those on top of her OG list. */
const SHOWN = 6;
/** Requests a student may have waiting at once (issue 57's default). */
const WAITING_AT_ONCE = 3;
/**
 * How likely a student without a first visit opens her list and asks on a given day: about one
 * in three asks in a given week, a little over three in four within the month. More demand
 * (0.15 a day, nearly everyone within the month) fills every popular industry whatever the
 * ranking; less leaves every alumna room, and the ranking has nothing to spread.
 */
const ACTIVE_PER_DAY = 0.05;
/** How often each card is chosen, by its place: the first far more than the sixth. */
const POSITION_WEIGHTS = [0.34, 0.22, 0.16, 0.12, 0.09, 0.07];
const YEAR = 2026;
/**
 * How strongly the industries' popularity falls along INDUSTRY_CATEGORIES' order (IT, 金融,
 * メーカー first), the n-th weighing 1/n^skew, for what students want and for where alumni work
 * alike: a few industries are wanted by most students.
 */
const INDUSTRY_SKEW = 1.1;
/** Students naming a second 志望業界, and students naming none (an empty profile). */
const SECOND_INDUSTRY = 0.4;
const NO_INDUSTRY = 0.1;
/**
 * How attractive an alumna's card is (photo, message, a well-known employer): a heavy-tailed
 * draw, from 1 to about 12, so that a few alumni draw many of the students shown them.
 */
const APPEAL_TAIL = 0.7;
/** Monthly limits as alumni set them: many none, most a few. */
const LIMITS: readonly (number | null)[] = [null, 2, 3, 4, 5, 8];
const LIMIT_WEIGHTS = [3, 1, 2, 2, 1, 1];
const PAUSED = 0.05;
const WITH_SLOTS = 0.6;
const ANSWER_DAYS = [0, 1, 2, 4, 6];
const ANSWER_DAY_WEIGHTS = [3, 3, 2, 1, 1];
const UNIVERSITIES = ['university-a', 'university-b', 'university-c'];

/** A seeded generator (mulberry32), so a seed always gives the same seminar. */
function generator(seed: number) {
  const next = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(items: readonly T[], weights: readonly number[]): T => {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let at = next() * total;
    for (let index = 0; index < items.length; index++) {
      at -= weights[index]!;
      if (at <= 0) return items[index]!;
    }
    return items[items.length - 1]!;
  };
  const some = <T>(items: readonly T[], count: number): T[] => {
    const left = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && left.length > 0) {
      chosen.push(left.splice(Math.floor(next() * left.length), 1)[0]!);
    }
    return chosen;
  };
  return { next, pick, weighted, some };
}

interface Alumna {
  readonly profile: Omit<Candidate, 'load'>;
  readonly limit: number | null;
  readonly paused: boolean;
  readonly hasSlots: boolean;
  /** Days she takes to answer. */
  readonly answerDays: number;
  readonly acceptRate: number;
  readonly appeal: number;
}

function seminar(seed: number): { alumni: Alumna[]; students: Seeker[] } {
  const random = generator(seed);
  const categories = INDUSTRY_CATEGORIES.filter((category) => category.subcategories.length > 0);
  const popularity = categories.map((_, index) => 1 / (index + 1) ** INDUSTRY_SKEW);
  const industry = () => {
    const category = random.weighted(categories, popularity);
    return formatIndustry(category.name, random.pick(category.subcategories));
  };
  const alumni = Array.from({ length: ALUMNI }, (_, index): Alumna => ({
    profile: {
      id: `mentor-${String(index).padStart(3, '0')}`,
      industry: industry(),
      jobType: random.pick(JOB_TYPES),
      topics: random.some(MENTOR_TOPICS, 2 + Math.floor(random.next() * 4)),
      joinedYear: YEAR - Math.floor(random.next() * 10),
      universityId: random.pick(UNIVERSITIES),
      // The synthetic seminar knows no 学部: 同じ学部の先輩 is a point of relevance like the
      // university's, not what this experiment compares, and drawing it would change the seminar.
      faculty: null,
    },
    limit: random.weighted(LIMITS, LIMIT_WEIGHTS),
    paused: random.next() < PAUSED,
    hasSlots: random.next() < WITH_SLOTS,
    answerDays: random.weighted(ANSWER_DAYS, ANSWER_DAY_WEIGHTS),
    acceptRate: 0.55 + random.next() * 0.4,
    appeal: 1 / (1 - random.next() * 0.97) ** APPEAL_TAIL,
  }));
  const students = Array.from({ length: STUDENTS }, (): Seeker => {
    const industries = [industry()];
    if (random.next() < SECOND_INDUSTRY) industries.push(industry());
    return {
      industries: random.next() < NO_INDUSTRY ? [] : industries,
      jobTypes: [random.pick(JOB_TYPES)],
      universityId: random.pick(UNIVERSITIES),
      faculty: null,
      askedTopics: new Set<MentorTopic>(
        random.some(MENTOR_TOPICS, 1 + Math.floor(random.next() * 3)),
      ),
      savedMentorIds: new Set<string>(),
      readNoteMentorIds: new Set<string>(),
    };
  });
  return { alumni, students };
}

/** What a month under one ranking came to. */
export interface MonthOutcome {
  /** Requests each alumna received (and the site took) in the month, in the seminar's order. */
  readonly requestsPerMentor: readonly number[];
  /** Alumni a student chose while they took no request (at their limit or paused). */
  readonly askedPastLimit: number;
  /** The requests the site refused for it. */
  readonly refused: number;
  readonly firstVisits: number;
  /**
   * Of the cards shown to students who named a 志望業界, the share whose alumna works in the
   * same industry category as one of them. Every card shown counts, whether or not its alumna
   * took requests that day (what relevance-only shows an alumna at her limit too).
   */
  readonly relevance: number;
  /**
   * Of the same cards, the share whose alumna took no request that day (at her limit or paused):
   * cards a student cannot follow, which relevance-only shows and ours does not.
   */
  readonly closedShown: number;
}

interface Request {
  readonly student: number;
  readonly mentor: number;
  readonly day: number;
  status: 'waiting' | 'accepted' | 'declined' | 'expired';
}

/** How each alumna stands, kept up to date as requests come and are answered. */
interface Standing {
  thisMonth: number;
  unanswered: number;
  answeredAny: boolean;
  lastAskedDay: number | null;
}

function month(seed: number, ranking: Ranking): MonthOutcome {
  const { alumni, students } = seminar(seed);
  // The students' choices and the alumni's answers draw from a generator of their own, the
  // same for both rankings, so that the seminar differs only in what the students are shown.
  const random = generator(seed * 7919 + 1);
  const requests: Request[] = [];
  const standings: Standing[] = alumni.map(() => ({
    thisMonth: 0,
    unanswered: 0,
    answeredAny: false,
    lastAskedDay: null,
  }));
  const askedBy = students.map(() => new Set<number>());
  const waitingOf = students.map(() => 0);
  const visited = new Set<number>();
  const refusedAt = new Set<number>();
  let refused = 0;
  let shown = 0;
  let shownMatching = 0;
  let shownClosed = 0;

  const loadOf = (mentor: number, day: number): Load => {
    const { limit, paused, hasSlots, answerDays } = alumni[mentor]!;
    const standing = standings[mentor]!;
    return {
      paused,
      monthlyLimit: limit,
      thisMonth: standing.thisMonth,
      unanswered: standing.unanswered,
      hasSlots,
      answerHours: standing.answeredAny ? answerDays * 24 : null,
      daysSinceAsked: standing.lastAskedDay === null ? null : day - standing.lastAskedDay,
    };
  };
  const takesRequests = ({ paused, monthlyLimit, thisMonth }: Load) =>
    !paused && (monthlyLimit === null || thisMonth < monthlyLimit);

  for (let day = 0; day < DAYS; day++) {
    // The alumni answer what has waited as long as they take; what waited a week expires.
    for (const request of requests) {
      if (request.status !== 'waiting') continue;
      const alumna = alumni[request.mentor]!;
      if (day - request.day >= VISIT_EXPIRY_DAYS) request.status = 'expired';
      else if (day - request.day >= alumna.answerDays) {
        request.status = random.next() < alumna.acceptRate ? 'accepted' : 'declined';
        standings[request.mentor]!.answeredAny = true;
        if (request.status === 'accepted') visited.add(request.student);
      } else continue;
      standings[request.mentor]!.unanswered--;
      waitingOf[request.student]!--;
    }
    const candidates: Candidate[] = alumni.map((alumna, mentor) => ({
      ...alumna.profile,
      load: loadOf(mentor, day),
    }));
    students.forEach((seeker, student) => {
      if (visited.has(student) || random.next() >= ACTIVE_PER_DAY) return;
      if (waitingOf[student]! >= WAITING_AT_ONCE) return;
      const asked = askedBy[student]!;
      const open = candidates.filter((_, mentor) => !asked.has(mentor));
      const list = recommend(seeker, open, { year: YEAR, ranking, count: SHOWN });
      if (list.length === 0) return;
      const mentorOf = (id: string) => Number(id.slice('mentor-'.length));
      if (seeker.industries.length > 0) {
        const wanted = seeker.industries.map(industryCategoryOf);
        for (const { id } of list) {
          shown++;
          if (!takesRequests(candidates[mentorOf(id)]!.load)) shownClosed++;
          if (wanted.includes(industryCategoryOf(alumni[mentorOf(id)]!.profile.industry))) {
            shownMatching++;
          }
        }
      }
      const choice = random.weighted(
        list,
        list.map(({ id }, place) => POSITION_WEIGHTS[place]! * alumni[mentorOf(id)]!.appeal),
      );
      const mentor = mentorOf(choice.id);
      // The site refuses a request to an alumna who is paused or at her limit (decision 0035).
      if (!takesRequests(candidates[mentor]!.load)) {
        refusedAt.add(mentor);
        refused++;
        return;
      }
      requests.push({ student, mentor, day, status: 'waiting' });
      const standing = standings[mentor]!;
      standing.thisMonth++;
      standing.unanswered++;
      standing.lastAskedDay = day;
      asked.add(mentor);
      waitingOf[student]!++;
      candidates[mentor] = { ...candidates[mentor]!, load: loadOf(mentor, day) };
    });
  }
  return {
    requestsPerMentor: standings.map((standing) => standing.thisMonth),
    askedPastLimit: refusedAt.size,
    refused,
    firstVisits: visited.size,
    relevance: shown === 0 ? 0 : shownMatching / shown,
    closedShown: shown === 0 ? 0 : shownClosed / shown,
  };
}

/** The same seminar's month under both rankings. */
export interface Comparison {
  readonly seed: number;
  readonly relevanceOnly: MonthOutcome;
  readonly ours: MonthOutcome;
}

export function simulateMatching(seed: number): Comparison {
  return { seed, relevanceOnly: month(seed, 'relevance-only'), ours: month(seed, 'ours') };
}

/** 0 when every alumna has as many requests as the others, towards 1 when one has them all. */
export function gini(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  if (total === 0) return 0;
  const weighted = sorted.reduce((sum, value, index) => sum + (index + 1) * value, 0);
  return (2 * weighted) / (sorted.length * total) - (sorted.length + 1) / sorted.length;
}

/** The figures issue 57 holds ours to, unrounded. */
export function targets(comparison: Comparison) {
  const before = gini(comparison.relevanceOnly.requestsPerMentor);
  const after = gini(comparison.ours.requestsPerMentor);
  return {
    giniRelevanceOnly: before,
    giniOurs: after,
    /** How much lower ours's Gini is, as a share of relevance-only's (issue 57: at least 0.3). */
    giniCut: 1 - after / before,
    /** Ours's relevance as a share of relevance-only's (issue 57: at least 0.9). */
    relevanceKept: comparison.ours.relevance / comparison.relevanceOnly.relevance,
    overLimit: comparison.ours.askedPastLimit,
  };
}

/** The summary line (issue 57 fixes its words): the last line `npm run simulate:matching` prints. */
export function summaryLine(comparison: Comparison): string {
  const figures = targets(comparison);
  return (
    `gini relevance-only ${figures.giniRelevanceOnly.toFixed(3)} ours ${figures.giniOurs.toFixed(3)}; ` +
    `relevance ours ${Math.round(100 * figures.relevanceKept)}% of relevance-only; ` +
    `over limit ${figures.overLimit}; ` +
    `first visits relevance-only ${comparison.relevanceOnly.firstVisits} ours ${comparison.ours.firstVisits}`
  );
}

/** The side-by-side table, then the summary line. */
export function report(comparison: Comparison): string[] {
  const { relevanceOnly: plain, ours } = comparison;
  const row = (label: string, a: string | number, b: string | number) =>
    `${label.padEnd(40)}${String(a).padStart(16)}${String(b).padStart(10)}`;
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const never = (values: readonly number[]) => values.filter((value) => value === 0).length;
  const percent = (share: number) => `${(100 * share).toFixed(1)}%`;
  return [
    `A month of a synthetic seminar (seed ${comparison.seed}): ${STUDENTS} students, ${ALUMNI} alumni.`,
    row('', 'relevance-only', 'ours'),
    row('requests', sum(plain.requestsPerMentor), sum(ours.requestsPerMentor)),
    row(
      'requests per mentor, max',
      Math.max(...plain.requestsPerMentor),
      Math.max(...ours.requestsPerMentor),
    ),
    row(
      'requests per mentor, Gini',
      gini(plain.requestsPerMentor).toFixed(3),
      gini(ours.requestsPerMentor).toFixed(3),
    ),
    row('mentors never asked', never(plain.requestsPerMentor), never(ours.requestsPerMentor)),
    row('mentors asked past their limit', plain.askedPastLimit, ours.askedPastLimit),
    row('requests refused for it', plain.refused, ours.refused),
    row('students with a first visit', plain.firstVisits, ours.firstVisits),
    row('relevance (志望業界 matched)', percent(plain.relevance), percent(ours.relevance)),
    row(
      'cards of mentors taking no request',
      percent(plain.closedShown),
      percent(ours.closedShown),
    ),
    summaryLine(comparison),
  ];
}
