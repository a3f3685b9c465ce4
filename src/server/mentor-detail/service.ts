import type { Role } from '../../shared/roles';
import type { MentorDetail } from '../../shared/schemas/mentors';
import type { Executor } from '../db/client';
import { mentors } from '../db/schema';
import { favouriteOf } from '../favourites/queries';
import { findListedMentor } from '../mentors/queries';
import { mentorVisitStats } from '../visit-records/queries';
import { contactShown, pairFactColumns, unavailableReason } from '../visits/availability-service';

/**
 * The detail page as `viewer` sees it: the profile everyone sees, plus the parts that depend
 * on who asks (contact visibility, favourite, block, whether a request can be sent), all read
 * in one statement (docs/PERFORMANCE.md).
 */
export async function findMentorDetail(
  db: Executor,
  urlParam: string,
  viewer: { id: string; role: Role },
): Promise<MentorDetail | undefined> {
  const now = new Date();
  const listed = await findListedMentor(db, urlParam, now, {
    ...pairFactColumns(viewer.id, mentors.userId, now),
    favourite: favouriteOf(viewer.id, mentors.userId),
    heldVisits: mentorVisitStats(mentors.userId).held,
  });
  if (!listed) return undefined;
  const { row, card, requestsThisMonth, invitedBy, extra: facts } = listed;
  return {
    ...card,
    // Her block is not announced; to the student she is not accepting now.
    accepting: card.accepting && !facts.blockedByMentor,
    userId: row.userId,
    contactEmail: contactShown(viewer, row, facts) ? row.contactEmail : null,
    contactVisibility: row.contactVisibility,
    invitedBy,
    heldVisits: facts.heldVisits,
    viewer: {
      favourite: facts.favourite,
      blocked: facts.blockedByViewer,
      openRequestId: facts.openRequestId,
      visitUnavailable: unavailableReason(viewer, row, requestsThisMonth, facts),
    },
  };
}
