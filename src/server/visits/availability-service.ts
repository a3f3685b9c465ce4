import type { SQLWrapper } from 'drizzle-orm';
import type { Role } from '../../shared/roles';
import type { VisitUnavailableReason } from '../../shared/schemas/mentors';
import type { Instant } from '../db/prepared';
import type { RequestsClosedBy } from '../booking';
import { blockedBy } from './blocks-queries';
import { acceptedBetween, noShowLimitOf, openRequestIdOf } from './queries';
import { waitingFullOf } from './waiting-queries';

interface Viewer {
  id: string;
  role: Role;
}

/** The alumna as a new request sees her: who she is, and whether she takes requests now. */
interface RequestedMentor {
  userId: string;
  /** Why she takes no request now (booking's one rule, requestsClosedBy); null when she does. */
  closedBy: RequestsClosedBy | null;
}

/** What her page says of who her contact address is shown to. */
interface ContactSettings {
  userId: string;
  contactVisibility: 'signed_in' | 'accepted';
  contactEmailConfirmedAt: Date | null;
}

/** What the rules below need to know about the viewer and the alumnus as a pair. */
export interface PairFacts {
  blockedByViewer: boolean;
  blockedByMentor: boolean;
  openRequestId: string | null;
  noShowLimitReached: boolean;
  /** A request of the viewer's that the alumnus accepted. */
  accepted: boolean;
  /** The viewer has the seminar's limit of requests waiting for an answer (waiting-queries.ts). */
  waitingFull: boolean;
}

/**
 * The pair's facts as columns of the statement that reads the alumnus (`mentorId`), so that the
 * detail page asks the database once (docs/PERFORMANCE.md).
 */
export function pairFactColumns(viewerId: string | SQLWrapper, mentorId: SQLWrapper, now: Instant) {
  return {
    blockedByViewer: blockedBy(viewerId, mentorId),
    blockedByMentor: blockedBy(mentorId, viewerId),
    openRequestId: openRequestIdOf(viewerId, mentorId, now),
    noShowLimitReached: noShowLimitOf(viewerId, now),
    accepted: acceptedBetween(viewerId, mentorId),
    waitingFull: waitingFullOf(viewerId),
  };
}

/**
 * Why `viewer` cannot send this alumnus a request now, or null if they can: the one rule the
 * detail page shows and the request service (and with it a booking) enforces under its lock.
 * Whether she takes requests at all is booking's requestsClosedBy, read with her row; what is
 * added here is the pair's.
 */
export function unavailableReason(
  viewer: Viewer,
  mentor: RequestedMentor,
  facts: Omit<PairFacts, 'accepted'>,
): VisitUnavailableReason | null {
  if (viewer.role !== 'student' || viewer.id === mentor.userId) return 'students-only';
  // The student's own block is theirs to see; the alumna's is not announced: to the student
  // she simply is not accepting requests now.
  if (facts.blockedByViewer) return 'blocked';
  if (facts.blockedByMentor) return 'not-accepting';
  if (facts.openRequestId) return 'already-open';
  if (facts.noShowLimitReached) return 'no-show-limit';
  if (mentor.closedBy === 'paused') return 'not-accepting';
  if (mentor.closedBy === 'monthly-limit') return 'monthly-limit-reached';
  // Hers to put right (an answer comes, or she withdraws one), and said once the alumna's own
  // reasons are not in the way: waiting would not make this alumna take a request.
  if (facts.waitingFull) return 'waiting-limit';
  return null;
}

/**
 * The pair's facts a new request is refused on (unavailableReason), as columns of the statement
 * that reads the alumnus again under the request's locks: one statement, not one per fact.
 */
export function refusalFactColumns(viewerId: string, mentorId: SQLWrapper, now: Instant) {
  const { accepted: _accepted, ...facts } = pairFactColumns(viewerId, mentorId, now);
  return facts;
}

/**
 * The contact address is shown to every signed-in user unless the alumnus chose
 * "accepted requests only"; the alumnus and the admins always see it, and a user the alumnus
 * blocked never does, nor anyone before its mailed link was followed (contact-email-service).
 */
export function contactShown(
  viewer: Viewer,
  mentor: ContactSettings,
  facts: Pick<PairFacts, 'blockedByMentor' | 'accepted'>,
): boolean {
  if (viewer.id === mentor.userId || viewer.role === 'admin') return true;
  if (mentor.contactEmailConfirmedAt === null) return false;
  if (facts.blockedByMentor) return false;
  if (mentor.contactVisibility === 'signed_in') return true;
  return facts.accepted;
}
