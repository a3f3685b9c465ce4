import type { AdminVisit } from './schemas/admin';

/**
 * How the console's visits (docs/PRODUCT.md §9) say whether a visit is confirmed, one answer
 * for the page and the CSV: the catalogue key under `admin.visits`.
 */
export type VisitRulesState =
  'rulesBoth' | 'rulesStudentMissing' | 'rulesMentorMissing' | 'rulesNeither';
export type VisitSafeEndState =
  'safeEndConfirmed' | 'safeEndWaiting' | 'safeEndNotAsked' | 'safeEndLater' | 'safeEndNotNeeded';

export function visitRulesState(visit: AdminVisit): VisitRulesState {
  const student = visit.studentRulesConfirmedAt !== null;
  const mentor = visit.mentorRulesConfirmedAt !== null;
  if (student && mentor) return 'rulesBoth';
  if (mentor) return 'rulesStudentMissing';
  if (student) return 'rulesMentorMissing';
  return 'rulesNeither';
}

/** Only an in-person visit whose time has come is asked whether it ended well. */
export function visitSafeEndState(visit: AdminVisit, now: Date): VisitSafeEndState {
  if (visit.meetingFormat !== 'in_person') return 'safeEndNotNeeded';
  if (visit.safeEndConfirmedAt) return 'safeEndConfirmed';
  if (visit.safeEndAskedAt) return 'safeEndWaiting';
  return new Date(visit.meetingAt) > now ? 'safeEndLater' : 'safeEndNotAsked';
}
