import type { JobType, MentorTopic } from '../../shared/constants';
import { normalizeForSearch } from '../../shared/search';
import { industryCategoryOf } from '../../shared/taxonomy';

/**
 * おすすめの先輩 (issue 57): which alumnae to put before a student, and one plain reason for each.
 * Pure and deterministic, so the same inputs always give the same list and each signal can be
 * tested alone: what the student told the site, against each alumna's profile (relevance), with
 * how much room the alumna has (capacity). Ranking by relevance alone sends every request to the
 * few alumnae who match many students; putting capacity into the ranking spreads them while
 * keeping nearly all of the relevance (`npm run simulate:matching`, docs/PRODUCT.md §6b,
 * docs/decisions/0042-room-in-the-ranking.md).
 */

/** What the student told the site, directly or by what she did. */
export interface Seeker {
  /** 志望業界, as stored (「商社 - 総合商社」 or a category alone). */
  readonly industries: readonly string[];
  readonly jobTypes: readonly JobType[];
  readonly universityId: string | null;
  /** 学部, as she typed it ('' or null: not given). */
  readonly faculty: string | null;
  /** 相談できること she asked about in her requests. */
  readonly askedTopics: ReadonlySet<MentorTopic>;
  readonly savedMentorIds: ReadonlySet<string>;
  /** Alumnae whose 訪問記録 she opened. */
  readonly readNoteMentorIds: ReadonlySet<string>;
}

/** An alumna who can be recommended: listed, not blocked either way (the caller's rule). */
export interface Candidate {
  readonly id: string;
  readonly industry: string;
  readonly jobType: JobType | null;
  readonly topics: readonly MentorTopic[];
  readonly joinedYear: number | null;
  readonly universityId: string | null;
  /** 学部, as she typed it (null: not given, as for every alumna before it was asked). */
  readonly faculty: string | null;
  readonly load: Load;
}

/** How much room an alumna has now. */
export interface Load {
  /** 受付停止 (hers or the timers'): she takes no request, so she is not recommended. */
  readonly paused: boolean;
  /** Her monthly limit, or null for none. */
  readonly monthlyLimit: number | null;
  /** Requests counting toward it this month (booking/takes-requests.ts). */
  readonly thisMonth: number;
  /** Requests waiting for her answer now. */
  readonly unanswered: number;
  /** Whether she has an open slot or a weekly window ahead. */
  readonly hasSlots: boolean;
  /** Her median hours to a first answer over recent requests; null with none answered. */
  readonly answerHours: number | null;
  /** Days since her last request; null if never asked. */
  readonly daysSinceAsked: number | null;
}

/** One plain reason, shown on the card; the first is the strongest. */
export type Reason =
  | { readonly kind: 'same-industry'; readonly industry: string }
  | { readonly kind: 'same-category'; readonly category: string }
  | { readonly kind: 'same-job-type'; readonly jobType: JobType }
  | { readonly kind: 'years-in'; readonly years: number }
  | { readonly kind: 'topic'; readonly topic: MentorTopic }
  | { readonly kind: 'saved' }
  | { readonly kind: 'read-note' }
  | { readonly kind: 'same-university' }
  | { readonly kind: 'same-faculty' };

export interface Recommendation {
  readonly id: string;
  readonly score: number;
  readonly reasons: readonly Reason[];
}

/** Points for each signal: what a student said she wants weighs most. */
export const POINTS = {
  sameIndustry: 12,
  sameCategory: 10,
  sameJobType: 3,
  /** 入社2〜3年目, the years students most want to hear from. */
  yearsInBest: 2,
  /** 1年目 or 4〜5年目. */
  yearsInNear: 1,
  /** Each 相談できること she asked about that the alumna offers, up to two. */
  topic: 1,
  topicsCounted: 2,
  saved: 2,
  readNote: 1,
  sameUniversity: 1,
  /**
   * 同じ学部の先輩: the same university and the same 学部, given instead of the university's
   * point (the faculty implies it), so worth a little more than it: as much as a saved alumna,
   * still far less than a matching 志望業界.
   */
  sameFaculty: 2,
  /** Every listed alumna has this much: an empty profile still gets a list. */
  base: 1,
} as const;

/** How relevant an alumna is to the student, with the reasons that made it. */
export function relevance(
  seeker: Seeker,
  candidate: Candidate,
  year: number,
): { points: number; reasons: Reason[] } {
  const scored: { points: number; reason: Reason }[] = [];
  const category = industryCategoryOf(candidate.industry);
  if (seeker.industries.includes(candidate.industry) && candidate.industry !== category) {
    scored.push({
      points: POINTS.sameIndustry,
      reason: { kind: 'same-industry', industry: candidate.industry },
    });
  } else if (seeker.industries.some((wanted) => industryCategoryOf(wanted) === category)) {
    scored.push({ points: POINTS.sameCategory, reason: { kind: 'same-category', category } });
  }
  if (candidate.jobType && seeker.jobTypes.includes(candidate.jobType)) {
    scored.push({
      points: POINTS.sameJobType,
      reason: { kind: 'same-job-type', jobType: candidate.jobType },
    });
  }
  if (candidate.joinedYear !== null) {
    const years = year - candidate.joinedYear + 1;
    const points =
      years === 2 || years === 3
        ? POINTS.yearsInBest
        : years === 1 || years === 4 || years === 5
          ? POINTS.yearsInNear
          : 0;
    if (points > 0) scored.push({ points, reason: { kind: 'years-in', years } });
  }
  for (const topic of candidate.topics
    .filter((offered) => seeker.askedTopics.has(offered))
    .slice(0, POINTS.topicsCounted)) {
    scored.push({ points: POINTS.topic, reason: { kind: 'topic', topic } });
  }
  if (seeker.savedMentorIds.has(candidate.id)) {
    scored.push({ points: POINTS.saved, reason: { kind: 'saved' } });
  }
  if (seeker.readNoteMentorIds.has(candidate.id)) {
    scored.push({ points: POINTS.readNote, reason: { kind: 'read-note' } });
  }
  if (seeker.universityId !== null && seeker.universityId === candidate.universityId) {
    scored.push(
      sameFaculty(seeker.faculty, candidate.faculty)
        ? { points: POINTS.sameFaculty, reason: { kind: 'same-faculty' } }
        : { points: POINTS.sameUniversity, reason: { kind: 'same-university' } },
    );
  }
  // Stable: equal points keep the order above (what she said before what she did).
  const reasons = scored
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => b.points - a.points || a.index - b.index)
    .map((entry) => entry.reason);
  return { points: POINTS.base + scored.reduce((sum, entry) => sum + entry.points, 0), reasons };
}

/**
 * Whether two 学部 as typed name the same faculty: compared as the search compares text (NFKC, so
 * full-width and half-width alike; case and spaces ignored), so 「経済学部」 and 「経済 学部」 or
 * 「Ｆａｃｕｌｔｙ of Law」 and 「faculty of law」 match. One not given matches nothing.
 */
export function sameFaculty(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  const key = normalizeForSearch(a);
  return key !== '' && key === normalizeForSearch(b);
}

/**
 * How much room an alumna has, as a factor of her relevance: 0 for one who takes no request
 * (paused, or at her monthly limit), falling as she nears her limit, gathers unanswered
 * requests, answers slowly or has no slot, and rising a little for one not asked for a while.
 */
export function capacity(load: Load): number {
  if (load.paused) return 0;
  if (load.monthlyLimit !== null && load.thisMonth >= load.monthlyLimit) return 0;
  // Without a limit of her own, room is judged against a typical month's requests.
  const room = load.monthlyLimit ?? TYPICAL_MONTH;
  const used = Math.min(1, load.thisMonth / room);
  // Squared, so room falls fast as her month fills: under a third of it at half her limit, a
  // hundredth for an alumna without a limit past a typical month.
  let factor = (1 - 0.9 * used) ** 2;
  // Each request waiting for her answer is one she still owes: with one waiting she has half the
  // room, with three a quarter, which sends the next student to an alumna of the same industry
  // who can answer sooner.
  factor *= 1 / (1 + load.unanswered);
  if (load.answerHours !== null && load.answerHours > 72) factor *= 0.6;
  if (!load.hasSlots) factor *= 0.8;
  if (load.daysSinceAsked === null || load.daysSinceAsked >= 30) factor *= 1.25;
  return factor;
}

/**
 * Requests in a month that count as a full month for an alumna with no limit of her own: about
 * what a limit is (the synthetic seminar's alumni set 2–8, most 3 or 4); with 6 the simulation's
 * seed 5 kept too little relevance (decision 0042). Past it she keeps a little room, as she still
 * takes requests, so she is recommended where nobody else matches.
 */
export const TYPICAL_MONTH = 5;

/** Points a whole month's room is worth: less than a matching 志望業界, as much as a saved alumna. */
export const ROOM_WEIGHT = 2;

export type Ranking = 'ours' | 'relevance-only';

/**
 * Relevance with room in it: the 志望業界's points stay whole (what she asked for is not traded
 * away), every other point is scaled by the alumna's room, and room itself adds a little, so
 * that among alumnae of her industry the ones with time come first. No room, no place.
 */
function withRoom(points: number, reasons: readonly Reason[], room: number): number {
  if (room === 0) return 0;
  const industry = reasons.some((reason) => reason.kind === 'same-industry')
    ? POINTS.sameIndustry
    : reasons.some((reason) => reason.kind === 'same-category')
      ? POINTS.sameCategory
      : 0;
  return industry + (points - industry) * room + ROOM_WEIGHT * room;
}

/**
 * The alumnae for the student, best first: by relevance with room ('ours', withRoom above), or
 * by relevance alone ('relevance-only', what a list sorted by match would do; the simulation's
 * comparison).
 * Ties keep the candidates' order, so the caller decides it (by id, for the same list each time).
 */
export function recommend(
  seeker: Seeker,
  candidates: readonly Candidate[],
  options: { year: number; ranking?: Ranking; count?: number },
): Recommendation[] {
  const ranking = options.ranking ?? 'ours';
  const scored = candidates.map((candidate, index) => {
    const { points, reasons } = relevance(seeker, candidate, options.year);
    const room = capacity(candidate.load);
    const score = ranking === 'relevance-only' ? points : withRoom(points, reasons, room);
    return { id: candidate.id, score, reasons, index };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, options.count ?? scored.length)
    .map(({ id, score, reasons }) => ({ id, score, reasons }));
}
