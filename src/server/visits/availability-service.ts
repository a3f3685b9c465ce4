import type { Role } from '../../shared/roles';
import type { VisitUnavailableReason } from '../../shared/schemas/mentors';
import type { Executor } from '../db/client';
import { hasBlocked } from '../blocks/queries';
import { findOpenRequestId, hasAcceptedRequest, reachedNoShowLimit } from './queries';

interface Viewer {
  id: string;
  role: Role;
}

interface MentorAvailability {
  userId: string;
  acceptingRequests: boolean;
  monthlyRequestLimit: number | null;
  contactVisibility: 'signed_in' | 'accepted';
}

/**
 * Why `viewer` cannot send this alumnus a request now, or null if they can: the one rule the
 * detail page shows and the request service enforces (under its lock).
 */
export async function visitUnavailableReason(
  db: Executor,
  viewer: Viewer,
  mentor: MentorAvailability,
  requestsThisMonth: number,
  openRequestId?: string | null,
): Promise<VisitUnavailableReason | null> {
  if (viewer.role !== 'student' || viewer.id === mentor.userId) return 'students-only';
  // The student's own block is theirs to see; the alumna's is not announced: to the student
  // she simply is not accepting requests now.
  if (await hasBlocked(db, viewer.id, mentor.userId)) return 'blocked';
  if (await hasBlocked(db, mentor.userId, viewer.id)) return 'not-accepting';
  const open = openRequestId ?? (await findOpenRequestId(db, viewer.id, mentor.userId));
  if (open) return 'already-open';
  if (await reachedNoShowLimit(db, viewer.id)) return 'no-show-limit';
  if (!mentor.acceptingRequests) return 'not-accepting';
  if (mentor.monthlyRequestLimit !== null && requestsThisMonth >= mentor.monthlyRequestLimit) {
    return 'monthly-limit-reached';
  }
  return null;
}

/**
 * The contact address is shown to every signed-in user unless the alumnus chose
 * "accepted requests only"; the alumnus and the admins always see it, and a user the alumnus
 * blocked never does.
 */
export async function contactVisibleTo(
  db: Executor,
  viewer: Viewer,
  mentor: MentorAvailability,
): Promise<boolean> {
  if (viewer.id === mentor.userId || viewer.role === 'admin') return true;
  if (await hasBlocked(db, mentor.userId, viewer.id)) return false;
  if (mentor.contactVisibility === 'signed_in') return true;
  return hasAcceptedRequest(db, viewer.id, mentor.userId);
}
